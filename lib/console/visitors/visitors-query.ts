import type { DehydratedState } from "@tanstack/react-query";
import type { Visitor } from "@/lib/contract";

/** Every visitors list's query key starts so: invalidating it refreshes every cached list (any search, any length). */
export const VISITORS_KEY = ["visitors"] as const;

/** One list's key: the console's list URL it fetches. */
export const visitorsKey = (url: string) => [...VISITORS_KEY, url] as const;

/** The list a dehydrated cache holds for a URL (the server's first page), if it holds one. */
export function prefetchedVisitors(state: DehydratedState, url: string): Visitor[] | undefined {
  // React Query's hash of a key of strings is its JSON.
  const hash = JSON.stringify(visitorsKey(url));
  return state.queries.find((query) => query.queryHash === hash)?.state.data as Visitor[] | undefined;
}
