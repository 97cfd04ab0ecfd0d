"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Visitor } from "@/lib/contract";
import { visitorQueryString, visitorsQueryKey, type VisitorQuery } from "@/lib/console/visitors/search-params";

/** How often the table refreshes who is online. */
export const VISITORS_REFRESH_MS = 3_000;

async function fetchVisitors(query: VisitorQuery): Promise<Visitor[]> {
  const response = await fetch(`/api/console/visitors${visitorQueryString(query)}`, { headers: { accept: "application/json" } });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.message ?? `The console answered ${response.status}.`);
  return body.visitors as Visitor[];
}

export function useVisitors(query: VisitorQuery) {
  return useQuery({
    queryKey: visitorsQueryKey(query),
    queryFn: () => fetchVisitors(query),
    refetchInterval: VISITORS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
