/**
 * What derives from a console read's declaration (spec.ts): its URL, React Query key and answer type, for
 * the browser, and the types the route handler (serve.ts) takes from it.
 */
import type { DehydratedState } from "@tanstack/react-query";
import type { z } from "zod";
import type { DeclaredRead } from ".";
import type { ReadRoute } from "./routes";
import type { ReadSpec } from "./spec";

/** The declaration of a route: itself when it is one, else the declared read at its path. */
export type DeclarationOf<R extends ReadRoute> = R extends ReadSpec ? R : Extract<DeclaredRead, { path: R["path"] }>;

export type ParamsOf<D extends ReadSpec> = D["params"] extends z.ZodType ? z.output<D["params"]> : Record<string, never>;
export type QueryOf<D extends ReadSpec> = D["query"] extends z.ZodType ? z.output<D["query"]> : Record<string, never>;
/** What a JSON read answers, without its `status`. */
export type AnswerOf<R extends ReadRoute> = DeclarationOf<R>["answer"] extends z.ZodType ? z.output<DeclarationOf<R>["answer"]> : never;

/** What a URL of the read takes: its path parameters when it has any, its query when it reads one. */
export type ReadInputs<D extends ReadSpec> = (D["params"] extends z.ZodType ? { params: z.input<D["params"]> } : { params?: undefined }) &
  (D["query"] extends z.ZodType ? { query?: z.input<D["query"]> } : { query?: undefined });

/** The inputs argument: required when the read has path parameters. */
export type InputsArg<R extends ReadRoute> =
  object extends ReadInputs<DeclarationOf<R>> ? [inputs?: ReadInputs<DeclarationOf<R>>] : [inputs: ReadInputs<DeclarationOf<R>>];

type Values = Record<string, unknown> | undefined;

/**
 * The page-relative URL of a read: its path with each `{name}` replaced by that parameter encoded as one
 * segment, and its query without the values left empty. Typed by the read's declaration; only the route
 * is read at run time, so browser code bundles no schema.
 */
export function readUrl<R extends ReadRoute>(route: R, ...[inputs]: InputsArg<R>): string {
  const { params = {}, query = {} } = (inputs ?? {}) as { params?: Values; query?: Values };
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] == null || params[name] === "") throw new TypeError(`${route.path} needs its ${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value != null && value !== "") search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A read's React Query key: its path, then its inputs. Every key of a read starts with its path, so
 * invalidating `[path]` refreshes every cached answer of it (any query).
 */
export function readKey<R extends ReadRoute>(route: R, ...[inputs]: InputsArg<R>): readonly unknown[] {
  const { params, query } = (inputs ?? {}) as { params?: Values; query?: Values };
  return [route.path, params ?? {}, query ?? {}];
}

/** The answer a dehydrated cache (the server's prefetch, prefetch.ts) holds under a key's hash, if it holds one. */
export function prefetchedAnswer<R extends ReadRoute>(_route: R, state: DehydratedState, hash: string): AnswerOf<R> | undefined {
  return state.queries.find((query) => query.queryHash === hash)?.state.data as AnswerOf<R> | undefined;
}
