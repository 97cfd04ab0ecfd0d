import type { ServerResponse } from "node:http";
import type { Hono } from "hono";
import { Breaker } from "@/lib/availability/breaker";
import { withinDeadline, type DeadlineClock } from "@/lib/availability/deadline";
import type { z } from "zod";
import { formatZodIssue } from "@/lib/contract";
import type { AnswerOf, BodyOf, Endpoint, EndpointSpec, ParamsOf, QueryOf } from "@/lib/contract/endpoint";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import type { ViewerClaims } from "../live/viewer-token";
import type { Team } from "../teams/team";
import { AUTH_FROM_BODY, AUTHENTICATE } from "./authenticate";
import type { ServiceEnv } from "./context";
import { okText } from "./envelope";
import { answer, JSON_TYPE } from "./node-answer";
import { refuseNulText } from "./nul-text";
import type { RateLimiter } from "./rate-limit";
import { bucketsAfterAuth, bucketsBeforeAuth } from "./rate-limits";
import { MAX_RECORDED_PAGE_DEPTH, parseJson, readText } from "./read-body";
import { routingPath } from "./routing-path";

type VisitorAuth = "visitor" | "visitor-beacon";

/** A body this long (a visitor's batch with a large page) takes tens of milliseconds to parse. */
const LARGE_BODY_CHARS = 256 * 1024;

/** What a handler gets: the caller, and the request parsed with the endpoint's schemas. */
export interface HandlerContext<E extends EndpointSpec> {
  db: Db;
  team: E["auth"] extends "none" | "recording-link" | "one-time-viewer" ? null : Team;
  keyId: E["auth"] extends "api-key" | "bearer-key" | "admin-key" ? string : null;
  visitorId: E["auth"] extends VisitorAuth ? string : null;
  viewer: E["auth"] extends "viewer" ? ViewerClaims : null;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  request: Request;
  /** Node's response when the request came over HTTP: a stream is written straight to it. */
  outgoing: ServerResponse | undefined;
  clientAddress: string;
}

/** JSON of the endpoint's answer, nothing for the plain `ok`, or a Response of its own (streams, headers). */
export type HandlerResult<E extends EndpointSpec> = E["ok"] extends { json: z.ZodType }
  ? AnswerOf<E> | Response
  : E["ok"] extends { text: "ok" }
    ? void | Response
    : Response;

export type Handler<E extends EndpointSpec> = (context: HandlerContext<E>) => Promise<HandlerResult<E>> | HandlerResult<E>;

/** Binds a handler to an endpoint of the registry. */
export type Bind = <E extends Endpoint>(endpoint: E, handler: Handler<E>) => void;

export interface BindDependencies {
  db: () => Promise<Db>;
  limiter: () => RateLimiter;
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = formatZodIssue(result.error);
  throw new ServiceError("invalid_request", where ? `${where}: ${issue}` : issue);
}

async function limit(limiter: RateLimiter, buckets: ReturnType<typeof bucketsBeforeAuth>): Promise<void> {
  if (!buckets.length) return;
  const wait = await limiter.take(buckets);
  if (wait > 0) throw new ServiceError("rate_limited", `Too many requests: retry in ${wait} s.`, { "retry-after": String(wait) });
}

/**
 * Binds a handler to a declared endpoint: rate limits by address, authentication, rate limits by
 * caller, the body read within the endpoint's limit (before authenticating only when the credential is
 * in it), then the path, query and body parsed with the contract. Errors become the one envelope
 * (app.ts); malformed input is a 400 naming the field, never a 500; a backend that cannot serve, a 503.
 */
export function bindEndpoint<E extends Endpoint>(app: Hono<ServiceEnv>, endpoint: E, handler: Handler<E>, dependencies: BindDependencies): void {
  const bodyFirst = AUTH_FROM_BODY.has(endpoint.auth);
  // An endpoint whose backend cannot serve refuses at once, keeping the database's connections for the others.
  const breaker = new Breaker(endpoint.id);
  // Every request is answered within its deadline (503 past it), the time its client takes to send its body aside.
  type Work = (clock: DeadlineClock) => Promise<Response>;
  const timed = endpoint.unbounded ? (work: Work) => work({ notCounting: (wait) => wait }) : (work: Work) => withinDeadline(work);
  const guarded = endpoint.auth === "none" ? timed : (work: Work) => breaker.run(() => timed(work));
  app.on(endpoint.method.toUpperCase(), routingPath(endpoint.path), (c) =>
    guarded(async (clock) => {
      const request = c.req.raw;
      const { incoming, outgoing } = c.env ?? {};
      const clientAddress = c.get("clientAddress");
      const db = await dependencies.db();
      await limit(dependencies.limiter(), bucketsBeforeAuth(endpoint, clientAddress));
      // Text the database cannot hold is refused before anything (authentication included) looks it up.
      const rawParams = c.req.param();
      const rawQuery = Object.fromEntries(new URL(request.url).searchParams);
      refuseNulText(rawParams, "path");
      refuseNulText(rawQuery, "query");
      const parseBody = (text: string) => {
        // A field passed through is a recorded page, as deep as the page's DOM.
        const body = parseJson(text, endpoint.passThrough ? MAX_RECORDED_PAGE_DEPTH : undefined);
        refuseNulText(body, "body", endpoint.passThrough);
        return body;
      };
      // Read first when it holds the credential (or its signature covers it as sent).
      const text = endpoint.body && bodyFirst ? await clock.notCounting(readText(request, endpoint.maxBodyBytes, incoming)) : undefined;
      let raw: unknown = text !== undefined ? parseBody(text) : undefined;
      const caller = await AUTHENTICATE[endpoint.auth]({ request, db, body: raw, rawBody: text });
      await limit(dependencies.limiter(), bucketsAfterAuth(endpoint, caller));
      if (endpoint.body && !bodyFirst) {
        const sent = await clock.notCounting(readText(request, endpoint.maxBodyBytes, incoming));
        raw = parseBody(sent);
        // Parsing a large body held the node a while: the requests that waited meanwhile go before the handler's work.
        if (sent.length > LARGE_BODY_CHARS) await new Promise((resolve) => setImmediate(resolve));
      }
      const params = parse(endpoint.params, rawParams, "");
      const query = parse(endpoint.query, rawQuery, "query");
      const body = parse(endpoint.body, raw, "");
      const context = { db, ...caller, params, query, body, request, outgoing, clientAddress } as unknown as HandlerContext<E>;
      const result = await handler(context);
      if (result instanceof Response) return result;
      if ("text" in endpoint.ok) return okText({}, outgoing);
      return answer(outgoing, 200, JSON_TYPE, JSON.stringify({ status: "ok", ...(result as object) }));
    }),
  );
}
