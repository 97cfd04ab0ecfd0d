import "server-only";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import type { Visitor } from "@/lib/contract";
import { visitorsKey } from "./visitors-query";

/**
 * The server's first page of a list as React Query's dehydrated cache: the page renders its rows from it,
 * and the live list, under a HydrationBoundary, starts from the same entry instead of asking again.
 */
export function dehydratedVisitors(url: string, visitors: Visitor[] | null): DehydratedState {
  const client = new QueryClient();
  if (visitors) client.setQueryData(visitorsKey(url), visitors);
  return dehydrate(client);
}
