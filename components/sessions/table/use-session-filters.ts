"use client";

import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import { sessionFilterParsers, type SessionFilters } from "@/lib/console/agents/session-filters";
import { presentValues } from "@/lib/console/url-state";

/**
 * The sessions table's filters, kept in the URL (shareable, kept on reload) with the parsers the CSV
 * export uses. Shallow: the URL changes without a server round trip.
 */
export function useSessionFilters(): [SessionFilters, (next: SessionFilters) => void] {
  const [values, setValues] = useQueryStates(sessionFilterParsers, { history: "replace", scroll: false });
  const filters = useMemo(() => presentValues(values), [values]);
  const setFilters = useCallback(
    (next: SessionFilters) => void setValues({ from: next.from ?? null, to: next.to ?? null, feature: next.feature ?? null, live: next.live ?? null }),
    [setValues],
  );
  return [filters, setFilters];
}
