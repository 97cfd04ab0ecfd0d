import { QueryClient } from "@tanstack/react-query";

/** One factory for every query client: the server's (prefetch) and the browser's. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server-prefetched data is fresh for a moment, so the browser does not refetch it at once.
        staleTime: 5_000,
        retry: 1,
        refetchOnWindowFocus: true,
      },
    },
  });
}
