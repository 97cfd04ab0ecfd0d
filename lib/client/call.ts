import "server-only";
import type { z } from "zod";
import type { BodyInput, Endpoint, ParamsInput, QueryInput } from "@/lib/contract/endpoint";
import { request, type HttpConfig, type QueryValue } from "./http";
import { parseBody, pathId } from "./input";

/** What a call of the endpoint sends: its path parameters, query and body, as the contract declares them. */
export type CallInput<E extends Endpoint> = (E["params"] extends z.ZodType ? { params: ParamsInput<E> } : { params?: never }) &
  (E["query"] extends z.ZodType ? { query?: { [K in keyof QueryInput<E>]?: QueryValue } } : { query?: never }) &
  (E["body"] extends z.ZodType ? { body: BodyInput<E> } : { body?: never });

/** What the call answers: the parsed JSON, or nothing for the plain `ok`. */
export type CallAnswer<E extends Endpoint> = E["ok"] extends { json: infer S extends z.ZodType } ? z.output<S> : void;

/** The endpoint's path with each `{name}` replaced by its parameter, encoded as one segment. */
export function endpointPath(endpoint: Endpoint, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    pathId(
      params[name],
      name
        .replace(/_/g, " ")
        .replace(/([a-z])([A-Z])/g, "$1 $2")
        .toLowerCase(),
    ),
  );
}

/**
 * Calls one endpoint of the registry: its method and path, its body checked with its schema before
 * anything is sent, its answer parsed with its response schema. Every failure is an ApiError.
 */
export async function callEndpoint<E extends Endpoint>(http: HttpConfig, endpoint: E, input: CallInput<E>): Promise<CallAnswer<E>> {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: Record<string, QueryValue>; body?: unknown };
  const spec = {
    method: endpoint.method.toUpperCase() as "GET" | "POST" | "PATCH" | "DELETE",
    path: endpointPath(endpoint, params),
    query,
    body: endpoint.body ? parseBody(endpoint.body, body) : undefined,
  };
  if ("json" in endpoint.ok) return (await request(http, { ...spec, response: endpoint.ok.json })) as CallAnswer<E>;
  await request(http, { ...spec, response: "ok" });
  return undefined as CallAnswer<E>;
}
