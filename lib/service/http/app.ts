import { Hono } from "hono";
import { cors } from "hono/cors";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { clientAddress } from "@/lib/client-address";
import { isUnavailable } from "@/lib/availability/unavailable";
import { countedInFlight } from "@/lib/lifecycle/draining";
import { ServiceError } from "../core/errors";
import { bindEndpoint, type Bind, type BindDependencies } from "./bind";
import type { ServiceEnv } from "./context";
import { errorAnswer, errorResponse, unavailableAnswer } from "./envelope";
import type { RateLimiter } from "./rate-limit";
import { createRateLimiter } from "./rate-limits";
import type { Endpoint } from "@/lib/contract/endpoint";

/** Where the service answers; everything else is the console's (Next). */
export const SERVICE_PATH_PREFIXES = [
  "/v1.3/",
  "/v1.4/",
  "/integrations/intercom/",
  "/api/visitors/",
  "/api/openapi.json",
  "/service-admin/",
  "/collect/",
  "/live/",
  "/healthz",
  "/readyz",
  "/mcp",
] as const;

export function isServicePath(pathname: string): boolean {
  return SERVICE_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`));
}

/** What every /collect answer allows: any origin; the script reads when to ask again after a refusal. */
const COLLECT_CORS = { origin: "*", exposeHeaders: ["retry-after"] };

export interface HttpApp {
  app: Hono<ServiceEnv>;
  /** Binds a handler to an endpoint of the registry (the routes call it). */
  bind: Bind;
  /** The endpoints bound so far. */
  bound: Endpoint[];
  /** The database and rate limiter the bound endpoints use (for what is served beside them: /mcp). */
  dependencies: BindDependencies;
}

/**
 * The service's transport: one Hono app with the client's address and the drain's in-flight count for
 * every request, CORS for the visitor script's endpoints, and one error envelope. The routes
 * (lib/service/routes) bind the contract's endpoints to it.
 */
export function createHttpApp(overrides: Partial<BindDependencies> = {}): HttpApp {
  const app = new Hono<ServiceEnv>();
  let limiter: RateLimiter | undefined;
  const dependencies: BindDependencies = { db: getDb, limiter: () => (limiter ??= createRateLimiter()), ...overrides };

  app.use("*", async (c, next) => {
    // A request from this process's own console has no socket: its peer is this host, as over loopback.
    const peer = c.env?.incoming?.socket.remoteAddress ?? (c.env?.inProcess ? "127.0.0.1" : undefined);
    c.set("clientAddress", clientAddress(peer, c.req.header("x-forwarded-for"), env().TRUSTED_PROXIES));
    await countedInFlight(next);
  });
  // The visitor script runs on customers' sites: every /collect answer, errors included, allows any
  // origin. No cookies are involved: the visitor proves itself with its id and token.
  const collectCors = cors({
    ...COLLECT_CORS,
    allowHeaders: ["content-type", "x-visitor-id", "x-visitor-token"],
    allowMethods: ["GET", "POST", "OPTIONS"],
    maxAge: 600,
  });
  app.use("/collect/*", (c, next) => {
    const outgoing = c.env?.outgoing;
    if (!outgoing || c.req.method === "OPTIONS") return collectCors(c, next);
    // Over HTTP, on Node's response: every answer written to it carries them, straight or through Hono.
    outgoing.setHeader("access-control-allow-origin", COLLECT_CORS.origin);
    outgoing.setHeader("access-control-expose-headers", COLLECT_CORS.exposeHeaders.join(","));
    return next();
  });
  app.onError((error, c) => {
    const outgoing = c.env?.outgoing;
    if (error instanceof ServiceError) return errorResponse(error, outgoing);
    if (isUnavailable(error)) return unavailableAnswer(error, outgoing);
    console.error("Service handler failed:", error);
    return errorAnswer("internal_error", "The service failed to handle this request.", undefined, outgoing);
  });
  app.notFound((c) => errorAnswer("not_found", "No such endpoint.", undefined, c.env?.outgoing));

  const bound: Endpoint[] = [];
  const bind: Bind = (endpoint, handler) => {
    bindEndpoint(app, endpoint, handler, dependencies);
    bound.push(endpoint);
  };
  return { app, bind, bound, dependencies };
}
