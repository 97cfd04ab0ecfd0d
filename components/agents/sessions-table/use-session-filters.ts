"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { parseSessionFilters, serializeSessionFilters, type SessionFilters } from "@/lib/console/agents/session-filters";

/**
 * The sessions table's filters, kept in the URL (shareable, kept on reload) with the same parser the
 * CSV export uses. `history.replaceState` updates the URL without a server round trip: Next keeps
 * useSearchParams in step with it.
 */
export function useSessionFilters(): [SessionFilters, (next: SessionFilters) => void] {
  const params = useSearchParams();
  const pathname = usePathname();
  const filters = useMemo(() => parseSessionFilters(new URLSearchParams(params.toString())), [params]);
  const setFilters = useCallback(
    (next: SessionFilters) => {
      const query = serializeSessionFilters(next);
      window.history.replaceState(null, "", query ? `${pathname}?${query}` : pathname);
    },
    [pathname],
  );
  return [filters, setFilters];
}
