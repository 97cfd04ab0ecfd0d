import type { z } from "zod";
import type { BodyInput, EndpointSpec } from "./endpoint";
import type { DeclaredEndpoint } from "./endpoints";

/**
 * An endpoint as browser code holds it: its method and path, from a zod-free route table
 * (endpoints/collect-routes.ts, endpoints/live-routes.ts) or a declaration itself.
 */
export type Route = Pick<EndpointSpec, "method" | "path">;

/** The declaration of a route: itself when it is one, else the registry's endpoint at its method and path. */
export type DeclarationOf<R extends Route> = R extends EndpointSpec ? R : Extract<DeclaredEndpoint, { method: R["method"]; path: R["path"] }>;

/** The JSON body a call of the route sends: its schema's input. */
export type BodyOfRoute<R extends Route> = BodyInput<DeclarationOf<R>>;

/** A call's body argument: the body its declaration takes, or none (the caller sends `{}`). */
export type BodyArgs<R extends Route> = [BodyOfRoute<R>] extends [undefined] ? [] : [body: BodyOfRoute<R>];

/** What a URL of the endpoint takes after its base: its path parameters when it has any, then its query when it reads one. */
export type UrlInputs<E extends EndpointSpec> = [
  ...(E["params"] extends z.ZodType ? [params: z.input<E["params"]>] : [params?: undefined]),
  ...(E["query"] extends z.ZodType ? [query?: z.input<E["query"]>] : []),
];

/**
 * The URL of an endpoint: `base` (the service's origin, or "" for the page's own), its path with each
 * `{name}` replaced by that parameter encoded as one segment, and its query. Parameters and query are
 * typed by the endpoint's declaration; nothing of it is read at run time but the path, so browser code
 * bundles no schema.
 */
export function endpointUrl<R extends Route>(route: R, base: string, ...inputs: UrlInputs<DeclarationOf<R>>): string {
  // Defaults and plain loops rather than `?.` and `??`: the visitor script's target spells those out at length.
  const [params = {}, query = {}] = inputs as unknown[] as [Record<string, unknown>?, Record<string, unknown>?];
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] == null) throw new TypeError(`${route.path} needs its ${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const search = Object.keys(query)
    .filter((name) => query[name] != null)
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(String(query[name]))}`)
    .join("&");
  return base + path + (search ? `?${search}` : "");
}
