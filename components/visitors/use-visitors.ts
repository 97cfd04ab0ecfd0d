"use client";

import useSWR, { useSWRConfig } from "swr";
import { fetchConsoleJson, pollEvery } from "@/components/console/polling";
import type { Visitor } from "@/lib/contract";
import { visitorsUrl, type VisitorQuery } from "@/lib/console/visitors/search-params";

/** How often the table refreshes who is online. */
export const VISITORS_REFRESH_MS = 3_000;

const fetchVisitors = async (url: string) => (await fetchConsoleJson<{ visitors: Visitor[] }>(url)).visitors;

/**
 * The visitors matching a query, kept fresh. While a new query loads, the previous rows stay on screen
 * (`isPlaceholderData`); the server page's first page (SWR `fallback`, keyed by URL) is the query's own.
 */
export function useVisitors(query: VisitorQuery) {
  const url = visitorsUrl(query);
  const { fallback } = useSWRConfig();
  const visitors = useSWR<Visitor[], Error>(url, fetchVisitors, { ...pollEvery(VISITORS_REFRESH_MS), keepPreviousData: true });
  const isPlaceholderData = visitors.isLoading && visitors.data !== undefined && visitors.data !== fallback[url];
  return { data: visitors.data, error: visitors.error, refresh: () => void visitors.mutate(), isPlaceholderData };
}
