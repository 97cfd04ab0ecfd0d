import "server-only";
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { formatZodIssue } from "@/lib/contract";
import { getDb, type Db } from "@/lib/db";
import { BODY_TOO_LARGE_MESSAGE, MAX_REQUEST_BODY_BYTES } from "@/lib/http/body-limit";
import { env } from "@/lib/env";
import { countedInFlight } from "@/lib/lifecycle/draining";
import { sharedRedis } from "@/lib/redis";
import { ServiceError } from "../errors";
import { authenticateApiKey, defaultTeam, type Team } from "../teams";
import { InProcessRateLimiter, type RateLimiter } from "./rate-limit";
import { RedisRateLimiter } from "./redis-rate-limit";

/**
 * How a caller proves who it is: the cloud API's X-Api-Key, the on-premise REST_KEY, nothing (the default
 * team), or an authenticator of its own (the visitor script's endpoints) that returns the caller's team.
 */
export type Authenticator = (request: Request, db: Db) => Promise<Team>;
type Auth = "api-key" | "rest-key" | "none" | Authenticator;

interface Context<P, Q, B> {
  request: Request;
  db: Db;
  team: Team;
  /** The secret key that authenticated the request (api-key routes only). */
  keyId: string | null;
  params: P;
  query: Q;
  body: B;
}

interface RouteSpec<P, Q, B> {
  auth: Auth;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  handler: (context: Context<P, Q, B>) => Promise<Response | object>;
  /** Added to every answer, errors included (e.g. CORS headers of the visitor script's endpoints). */
  headers?: Record<string, string>;
}

function withHeaders(response: Response, headers: Record<string, string> | undefined): Response {
  for (const [name, value] of Object.entries(headers ?? {})) response.headers.set(name, value);
  return response;
}

/** One allowance per key across every app node when they share Redis, else per process. */
function createLimiter(): RateLimiter {
  const perMinute = env().API_RATE_LIMIT_PER_MINUTE;
  const redis = sharedRedis();
  return redis ? new RedisRateLimiter(redis, perMinute) : new InProcessRateLimiter(perMinute);
}

const limiterSlot = Symbol.for("tandem.api-rate-limiter");
function limiter(): RateLimiter {
  const holder = globalThis as { [limiterSlot]?: RateLimiter };
  holder[limiterSlot] ??= createLimiter();
  return holder[limiterSlot];
}

export function errorResponse(status: number, code: string, message?: string, headers: Record<string, string> = {}): Response {
  return Response.json({ status: "error", error: code, ...(message && message !== code ? { message } : {}) }, { status, headers });
}

/** The plain-text `ok` body of the DELETE endpoints. */
export function okText(): Response {
  return new Response("ok", { headers: { "content-type": "text/plain; charset=utf-8" } });
}

function sameSecret(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function authenticate(auth: Auth, request: Request, db: Db): Promise<{ team: Team; keyId: string | null }> {
  if (typeof auth === "function") return { team: await auth(request, db), keyId: null };
  if (auth === "api-key") {
    const { team, keyId } = await authenticateApiKey(db, request.headers.get("x-api-key"));
    const wait = await limiter().take(keyId);
    if (wait > 0) throw new ServiceError(429, "rate_limited", `Too many requests: retry in ${wait} s.`, { "retry-after": String(wait) });
    return { team, keyId };
  }
  if (auth === "rest-key") {
    const restKey = env().REST_KEY;
    // The on-premise API exists only while REST_KEY is set.
    if (!restKey) throw new ServiceError(404, "not_found", "The on-premise API is disabled: set REST_KEY to enable it.");
    if (!sameSecret(request.headers.get("authorization"), restKey))
      throw new ServiceError(401, "invalid_api_key", "The Authorization header must hold the REST_KEY.");
  }
  const team = await defaultTeam(db);
  if (!team) throw new ServiceError(503, "unavailable", "The service has no team yet.");
  return { team, keyId: null };
}

async function readBody(request: Request): Promise<unknown> {
  const tooLarge = () => new ServiceError(413, "payload_too_large", BODY_TOO_LARGE_MESSAGE);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_REQUEST_BODY_BYTES) throw tooLarge();
  const text = await request.text();
  if (text.length > MAX_REQUEST_BODY_BYTES) throw tooLarge();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError(400, "invalid_request", "body: not valid JSON");
  }
}

/**
 * The one wrapper of every route handler of the embedded service: authenticate, parse the path, query
 * and body with the contract, run one service function, and answer errors with the envelope
 * `{"status":"error","error":code}` and the right status. Malformed input is a 400 naming the field,
 * never a 500.
 */
export function apiRoute<P = unknown, Q = unknown, B = unknown>(spec: RouteSpec<P, Q, B>) {
  return (request: Request, context: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> =>
    countedInFlight(async () => {
      try {
        const db = await getDb();
        const { team, keyId } = await authenticate(spec.auth, request, db);
        const parse = <T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T => {
          if (!schema) return undefined as T;
          const result = schema.safeParse(value);
          if (!result.success)
            throw new ServiceError(400, "invalid_request", where ? `${where}: ${formatZodIssue(result.error)}` : formatZodIssue(result.error));
          return result.data;
        };
        const rawParams = (await context.params) ?? {};
        const url = new URL(request.url);
        const params = parse(spec.params, rawParams, "");
        const query = parse(spec.query, Object.fromEntries(url.searchParams), "query");
        const body = spec.body ? parse(spec.body, await readBody(request), "") : (undefined as B);
        const result = await spec.handler({ request, db, team, keyId, params, query, body });
        return withHeaders(result instanceof Response ? result : Response.json(result), spec.headers);
      } catch (error) {
        if (error instanceof ServiceError) return withHeaders(errorResponse(error.status, error.code, error.message, error.headers), spec.headers);
        console.error("API handler failed", request.method, new URL(request.url).pathname, error);
        return withHeaders(errorResponse(500, "internal_error", "The service failed to handle this request."), spec.headers);
      }
    });
}
