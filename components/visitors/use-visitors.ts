"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchConsoleJson, pollEvery } from "@/components/console/polling";
import { consoleQueryClient } from "@/components/console/query-client";
import type { Visitor } from "@/lib/contract";
import { visitorsUrl, type VisitorQuery } from "@/lib/console/visitors/search-params";
import { VISITORS_KEY, visitorsKey } from "@/lib/console/visitors/visitors-query";

/** How often the table refreshes who is online. */
export const VISITORS_REFRESH_MS = 3_000;

/** After a mutation of the visitors (a purge): every list asks again. */
export function refreshVisitors(): Promise<void> {
  return consoleQueryClient().invalidateQueries({ queryKey: VISITORS_KEY });
}

/** The visitors matching a query, kept fresh. While a new query loads, the previous rows stay on screen (`isPlaceholderData`). */
export function useVisitors(query: VisitorQuery) {
  const url = visitorsUrl(query);
  const visitors = useQuery(
    {
      queryKey: visitorsKey(url),
      queryFn: async () => (await fetchConsoleJson<{ visitors: Visitor[] }>(url)).visitors,
      ...pollEvery(VISITORS_REFRESH_MS),
      placeholderData: keepPreviousData,
    },
    consoleQueryClient(),
  );
  return { data: visitors.data, error: visitors.error ?? undefined, refresh: () => void visitors.refetch(), isPlaceholderData: visitors.isPlaceholderData };
}
