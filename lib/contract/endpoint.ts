import type { z } from "zod";
import type { ErrorCode } from "./errors";

/**
 * How an endpoint's caller proves who it is, and the errors that proof may answer. The service binds a
 * middleware to each; the documents name the security scheme.
 */
export const AUTH = {
  /** The cloud API: a secret key of the team, of either scope. */
  "api-key": { security: [{ apiKey: [] }], errors: ["invalid_api_key", "rate_limited"] },
  /** The cloud API v1.4: a secret key of the team as `Authorization: Bearer …`, or as X-Api-Key. */
  "bearer-key": { security: [{ bearerKey: [] }, { apiKey: [] }], errors: ["invalid_api_key", "rate_limited"] },
  /** The service's admin API (keys, webhook secret, settings): a secret key of the team with the `admin` scope. */
  "admin-key": { security: [{ apiKey: [] }], errors: ["invalid_api_key", "permission_denied", "rate_limited"] },
  /** The on-premise API: the deployment's REST_KEY, raw; 404 while REST_KEY is unset (the API is off). */
  "rest-key": { security: [{ restKey: [] }], errors: ["invalid_api_key", "not_found", "rate_limited"] },
  /** /collect/register: the team's public key, in the body. */
  "public-key": { security: [], errors: ["invalid_api_key", "rate_limited"] },
  /** The visitor script: X-Visitor-Id and X-Visitor-Token. */
  visitor: { security: [{ visitorId: [], visitorToken: [] }], errors: ["invalid_visitor_token", "rate_limited"] },
  /** navigator.sendBeacon sets no headers: the headers, or visitorId and token in the body. */
  "visitor-beacon": { security: [{ visitorId: [], visitorToken: [] }, {}], errors: ["invalid_visitor_token", "rate_limited"] },
  /** The watch page: its viewer token as `Authorization: Bearer …`, its stream included (never in the query). */
  viewer: { security: [{ viewerToken: [] }], errors: ["invalid_viewer_token", "forbidden", "rate_limited"] },
  /** The embedded viewer's frame: a v1.4 viewer token as `Authorization: Bearer …`, spent by its first use (the handler spends it). */
  "one-time-viewer": { security: [{ oneTimeViewerToken: [] }], errors: ["invalid_viewer_token", "forbidden", "rate_limited"] },
  /** Intercom's Canvas Kit requests: `X-Body-Signature`, the HMAC-SHA256 of the raw body with the app's client secret. */
  "intercom-signature": { security: [{ intercomSignature: [] }], errors: ["invalid_signature", "not_found", "rate_limited"] },
  /** A recording link's signed token as `Authorization: Bearer …` (the replay page moves it out of its address). */
  "recording-link": { security: [{ recordingToken: [] }], errors: ["not_found", "rate_limited"] },
  none: { security: [], errors: [] },
} as const satisfies Record<string, { security: Record<string, string[]>[]; errors: readonly ErrorCode[] }>;

export type Auth = keyof typeof AUTH;

/** The security schemes the documents refer to. */
export const SECURITY_SCHEMES = {
  apiKey: { type: "apiKey", in: "header", name: "X-Api-Key", description: "A secret key of the team" },
  bearerKey: { type: "http", scheme: "bearer", description: "A secret key of the team" },
  restKey: { type: "apiKey", in: "header", name: "Authorization", description: "The deployment's REST_KEY, raw (no Bearer prefix)" },
  visitorId: { type: "apiKey", in: "header", name: "X-Visitor-Id", description: "The visitor's id, from /collect/register" },
  visitorToken: { type: "apiKey", in: "header", name: "X-Visitor-Token", description: "The visitor's secret, from /collect/register" },
  viewerToken: { type: "http", scheme: "bearer", description: "The watch page's viewer token" },
  recordingToken: { type: "http", scheme: "bearer", description: "The token of a recording link (its video_url)" },
  oneTimeViewerToken: { type: "http", scheme: "bearer", description: "A v1.4 viewer token, spent by its first use" },
  intercomSignature: { type: "apiKey", in: "header", name: "X-Body-Signature", description: "Hex HMAC-SHA256 of the raw body with INTERCOM_CLIENT_SECRET" },
} as const;

/** The parts of the service; each is documented in one of the API documents. */
export type Group = "v1.3" | "v1.4" | "onprem" | "integrations" | "service-admin" | "collect" | "live" | "ops";

/** What a successful call answers: JSON of a schema, the plain text `ok`, or a stream of Server-Sent Events. */
export type Ok = { json: z.ZodType } | { text: "ok" } | { events: z.ZodType };

type QueryOrParams = z.ZodObject;

export interface EndpointSpec {
  /** The operation's id: a verb and a noun, unique in the registry. */
  id: string;
  method: "get" | "post" | "patch" | "delete";
  /** OpenAPI syntax: `/v1.3/visitors/{visitorId}`. */
  path: string;
  group: Group;
  auth: Auth;
  summary: string;
  description?: string;
  params?: QueryOrParams;
  query?: QueryOrParams;
  body?: z.ZodType;
  ok: Ok;
  /** The codes this endpoint answers besides those of its authentication and of malformed input. */
  errors?: readonly ErrorCode[];
  /** The largest body it reads (default 256 kB); larger ones are refused while they stream in. */
  maxBodyBytes?: number;
  /** A top-level body field passed on untouched, never stored as text (a page's recorded events). */
  passThrough?: string;
  /** Runs to its end however long it takes (a purge of a whole team): no 503 at the request's deadline. */
  unbounded?: true;
}

export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

/**
 * A declared endpoint: plain data (its method, path template, authentication and schemas), so browser
 * code can import it without the OpenAPI machinery; the documents build their operations from it
 * (openapi.ts) and the service its routes.
 */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  /** Every code it may answer: its own, its authentication's, and malformed input's. */
  errors: readonly ErrorCode[];
  maxBodyBytes: number;
};

/** Declares one endpoint of the service: the one place its method, path, inputs, answer and errors are written. */
export function endpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  const malformed: ErrorCode[] = spec.params || spec.query || spec.body ? ["invalid_request"] : [];
  // A caller is recognised through the database: while it (or Redis) cannot serve, 503 with Retry-After.
  const backends: ErrorCode[] = spec.auth === "none" ? [] : ["unavailable"];
  const errors = [
    ...new Set<ErrorCode>([
      ...AUTH[spec.auth].errors,
      ...malformed,
      ...(spec.body ? (["payload_too_large"] as const) : []),
      ...backends,
      ...(spec.errors ?? []),
    ]),
  ];
  return { ...spec, errors, maxBodyBytes: spec.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES };
}

/** The parsed values a handler of the endpoint receives. */
export type ParamsOf<E extends EndpointSpec> = E["params"] extends z.ZodType ? z.output<E["params"]> : Record<string, never>;
export type QueryOf<E extends EndpointSpec> = E["query"] extends z.ZodType ? z.output<E["query"]> : Record<string, never>;
export type BodyOf<E extends EndpointSpec> = E["body"] extends z.ZodType ? z.output<E["body"]> : undefined;
/** What a handler of the endpoint answers on success: the JSON without its `status: "ok"`, which the service adds. */
export type AnswerOf<E extends EndpointSpec> = E["ok"] extends { json: infer S extends z.ZodType } ? Omit<z.input<S>, "status"> : never;
/** What a client sends: the inputs before parsing (defaults not yet applied). */
export type ParamsInput<E extends EndpointSpec> = E["params"] extends z.ZodType ? z.input<E["params"]> : undefined;
export type QueryInput<E extends EndpointSpec> = E["query"] extends z.ZodType ? z.input<E["query"]> : undefined;
export type BodyInput<E extends EndpointSpec> = E["body"] extends z.ZodType ? z.input<E["body"]> : undefined;

/** A method and a path: a zod-free route table's entry (endpoints/*-routes.ts). */
type RouteOf = Pick<EndpointSpec, "method" | "path">;

/**
 * What the endpoints of one group share: the group, and any field most of them declare alike (their
 * authentication, their answer), which an endpoint's own declaration overrides; and the route table
 * their methods and paths come from.
 */
export type GroupDefaults = Partial<Omit<EndpointSpec, "id" | "method" | "path">> & { group: Group; routes?: Readonly<Record<string, RouteOf>> };

/** One endpoint of a group as written: what it does not take from the group's defaults, its method and path as `route` ("GET /v1.3/usage") unless the group's route table has them. */
export type GroupEntry = Partial<Omit<EndpointSpec, "id" | "group" | "method" | "path">> & { route?: `${Uppercase<EndpointSpec["method"]>} /${string}` };

type Flat<T> = { [K in keyof T]: T[K] } & {};

/** The method and path an entry's `route` names, or those of the group's route table. */
type RouteFields<K extends string, D extends GroupDefaults, S> = S extends { route: `${infer M} ${infer P}` }
  ? { method: Lowercase<M>; path: P }
  : D["routes"] extends Readonly<Record<K, infer R>>
    ? R
    : unknown;

/** The declaration of entry `S` named `K` in a group with defaults `D`. */
type Declared<K extends string, D extends GroupDefaults, S> = Flat<{ id: K } & Omit<D, "routes" | keyof S> & RouteFields<K, D, S> & Omit<S, "route">>;

function routeFields(route: string): RouteOf {
  const [method, path] = route.split(" ");
  return { method: method.toLowerCase() as RouteOf["method"], path };
}

/**
 * Declares the endpoints of one group: each named by its key (its operation id), with the group's
 * defaults unless it declares its own, and its method and path from its `route` or the group's route
 * table.
 */
export function endpointGroup<const D extends GroupDefaults, const S extends Record<string, GroupEntry>>(
  defaults: D,
  entries: S,
): { [K in keyof S & string]: Declared<K, D, S[K]> extends infer E extends EndpointSpec ? Endpoint<E> : never } {
  const { routes, ...shared }: GroupDefaults = defaults;
  return Object.fromEntries(
    Object.entries(entries).map(([id, { route, ...entry }]) => {
      const where = route ? routeFields(route) : routes?.[id];
      if (!where) throw new TypeError(`The endpoint ${id} has no route`);
      return [id, endpoint({ id, ...shared, ...where, ...entry } as EndpointSpec)];
    }),
  ) as never;
}
