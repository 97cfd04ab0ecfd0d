import { QueryClient } from "@tanstack/react-query";

let browserClient: QueryClient | undefined;

/**
 * The console's query client. In the browser there is one: the islands that load on their own (the help
 * queue's count, alerts and panel, the live Visitors list) share its cache, so one poll serves them all
 * and a mutation refreshes every reader. On the server every call gets a new one: nothing is shared
 * between two people's requests. Failures are not retried in a burst: a polled query asks again at its
 * own pace (`pollEvery`).
 */
export function consoleQueryClient(): QueryClient {
  if (typeof window === "undefined") return createConsoleQueryClient();
  browserClient ??= createConsoleQueryClient();
  return browserClient;
}

function createConsoleQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}
