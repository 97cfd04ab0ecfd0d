"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { refreshRead, useConsoleRead } from "@/components/console/use-console-read";
import { READ_ROUTES } from "@/lib/console/reads/routes";
import type { VisitorQuery } from "@/lib/console/visitors/search-params";

/** How often the table refreshes who is online. */
export const VISITORS_REFRESH_MS = 3_000;

/** After a mutation of the visitors (a purge): every list asks again. */
export function refreshVisitors(): Promise<void> {
  return refreshRead(READ_ROUTES.visitors);
}

/** The visitors matching a query, kept fresh. While a new query loads, the previous rows stay on screen (`isPlaceholderData`). */
export function useVisitors(query: VisitorQuery) {
  const visitors = useConsoleRead(READ_ROUTES.visitors, { query }, { every: VISITORS_REFRESH_MS, placeholderData: keepPreviousData });
  return {
    data: visitors.data?.visitors,
    error: visitors.error ?? undefined,
    refresh: () => void visitors.refetch(),
    isPlaceholderData: visitors.isPlaceholderData,
  };
}
