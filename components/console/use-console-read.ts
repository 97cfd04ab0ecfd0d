"use client";

import { useQuery, type UseQueryOptions } from "@tanstack/react-query";
import { readKey, type AnswerOf, type InputsArg } from "@/lib/console/reads/define";
import type { ReadRoute } from "@/lib/console/reads/routes";
import { fetchRead } from "./fetch-read";
import { consoleQueryClient } from "./query-client";

type ReadOptions<R extends ReadRoute> = Omit<UseQueryOptions<AnswerOf<R>, Error, AnswerOf<R>, readonly unknown[]>, "queryKey" | "queryFn">;

/**
 * A console read kept in React Query, keyed by its route and inputs (readKey, which the server's prefetch
 * uses too). `every` polls at that pace; a failed poll is not retried in a burst: the next one comes at the
 * same pace, so the page recovers within one interval of the API coming back.
 */
export function useConsoleRead<R extends ReadRoute>(route: R, inputs: InputsArg<R>[0], { every, ...options }: ReadOptions<R> & { every?: number } = {}) {
  const args = [inputs] as InputsArg<R>;
  return useQuery(
    {
      queryKey: readKey(route, ...args),
      queryFn: () => fetchRead(route, ...args),
      ...(every ? { refetchInterval: every, retry: false } : {}),
      ...options,
    },
    consoleQueryClient(),
  );
}

/** After a mutation: every cached answer of the read (whatever its inputs) is asked for again. */
export function refreshRead(route: ReadRoute): Promise<void> {
  return consoleQueryClient().invalidateQueries({ queryKey: [route.path] });
}
