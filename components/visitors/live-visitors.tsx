"use client";

import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { consoleQueryClient } from "@/components/console/query-client";
import { VisitorsBrowser, type EarlyInput } from "./visitors-browser";

export interface LiveVisitorsProps {
  /** The server's prefetched cache (its first page of the list), so the list starts from what the page already shows. */
  initial: DehydratedState;
  early?: EarlyInput;
}

/**
 * The Visitors list's interactive part, loaded after the page: the query kept in the URL (nuqs) and the
 * rows kept fresh (React Query). Both libraries load here, so neither is part of the page's first load;
 * the server's prefetched first page, already rendered as HTML, is hydrated into the query's cache.
 */
export function LiveVisitors({ initial, early }: LiveVisitorsProps) {
  return (
    <HydrationBoundary state={initial} queryClient={consoleQueryClient()}>
      <NuqsAdapter>
        <VisitorsBrowser early={early} />
      </NuqsAdapter>
    </HydrationBoundary>
  );
}
