import "server-only";
import { dehydrate, hashKey, QueryClient, type DehydratedState } from "@tanstack/react-query";
import { readKey, type AnswerOf, type InputsArg } from "./define";
import type { ReadRoute } from "./routes";

/**
 * A read's answer fetched by the server as React Query's dehydrated cache, under the key the browser's
 * hook asks with: the page renders from it (`prefetchedAnswer` finds it by `hash`), and the live part, under
 * a HydrationBoundary, starts from the same entry instead of asking again. No answer (null): nothing cached.
 */
export function dehydrateRead<R extends ReadRoute>(route: R, inputs: InputsArg<R>[0], answer: AnswerOf<R> | null): { state: DehydratedState; hash: string } {
  const key = readKey(route, ...([inputs] as InputsArg<R>));
  const client = new QueryClient();
  if (answer) client.setQueryData(key, answer);
  return { state: dehydrate(client), hash: hashKey(key) };
}
