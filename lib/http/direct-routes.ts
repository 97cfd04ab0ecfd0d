import type { IncomingMessage, ServerResponse } from "node:http";
import { BODY_TOO_LARGE_MESSAGE, MAX_REQUEST_BODY_BYTES } from "./body-limit";

/**
 * Route handlers Tandem's server calls itself, without Next's router: live co-browsing's hot path, where
 * every visitor sends a batch several times a second and Next's per-request work would cost more than
 * the batch. They are the very handlers Next serves at the same paths (the app's route modules), so
 * both ways answer alike; Next still serves them when it runs alone (`next dev`).
 *
 * The table is registered by the server's own bundle at boot and read by the HTTP server, which loads
 * this module separately: it lives on globalThis.
 */
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;
/** A route module: its HTTP methods' handlers (other exports are ignored). */
export type RouteModule = Partial<Record<string, unknown>>;
/** Paths in the app folder's syntax, `[name]` standing for one segment: "/live/sessions/[id]/stream". */
export type DirectRouteTable = Record<string, RouteModule>;

interface CompiledRoute {
  segments: string[];
  module: RouteModule;
}

const slot = Symbol.for("tandem.direct-routes");
type Holder = { [slot]?: CompiledRoute[] };

export function registerDirectRoutes(table: DirectRouteTable): void {
  (globalThis as Holder)[slot] = Object.entries(table).map(([path, module]) => ({ segments: path.split("/"), module }));
}

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The handler and path parameters for a request, or null when Next should serve it. */
export function matchDirectRoute(method: string, pathname: string): { handler: Handler; params: Record<string, string> } | null {
  const routes = (globalThis as Holder)[slot];
  if (!routes || !METHODS.has(method)) return null;
  const segments = pathname.split("/");
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((pattern, index) => {
      const segment = segments[index];
      if (!pattern.startsWith("[")) return pattern === segment;
      if (!segment) return false;
      params[pattern.slice(1, -1)] = safeDecode(segment);
      return true;
    });
    const handler = route.module[method];
    if (matches) return typeof handler === "function" ? { handler: handler as Handler, params } : null;
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // the handler's params schema refuses it
  }
}

/**
 * Serves the request when a direct route matches it and returns true; false leaves it to Next.
 * The request becomes a fetch Request (body read whole, `signal` aborted if the client goes away), and
 * the handler's Response is written back as it comes, so live streams flow message by message.
 */
export function serveDirect(req: IncomingMessage, res: ServerResponse): boolean {
  const url = requestUrl(req);
  if (!url) return false; // a malformed Host or target: Next answers it
  const route = matchDirectRoute(req.method ?? "GET", url.pathname);
  if (!route) return false;
  void respond(req, res, url, route.handler, route.params).catch((error) => {
    if (res.destroyed) return; // the client went away mid-request: nobody to answer
    console.error("Direct route failed", req.method, url.pathname, error);
    if (!res.headersSent) writeError(res, 500, "internal_error", "The service failed to handle this request.");
    else res.destroy();
  });
  return true;
}

function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  } catch {
    return null;
  }
}

async function respond(req: IncomingMessage, res: ServerResponse, url: URL, handler: Handler, params: Record<string, string>): Promise<void> {
  const aborted = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) aborted.abort();
  });
  // A body declared too large is not read: the handler refuses it by its length, in its own envelope.
  const declaredTooLarge = Number(req.headers["content-length"] ?? 0) > MAX_REQUEST_BODY_BYTES;
  const body = req.method === "GET" || declaredTooLarge ? undefined : await readBody(req);
  if (body === "too large") {
    writeError(res, 413, "payload_too_large", BODY_TOO_LARGE_MESSAGE, { connection: "close" });
    return;
  }
  const request = new Request(url, { method: req.method, headers: toHeaders(req), body, signal: aborted.signal });
  const response = await handler(request, { params: Promise.resolve(params) });
  await writeResponse(response, res, aborted.signal);
}

/** The whole body (none when empty), or "too large" once a body sent without a length passes the limit. */
async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined | "too large"> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BODY_BYTES) return "too large";
    chunks.push(chunk);
  }
  return size ? (Buffer.concat(chunks) as Uint8Array<ArrayBuffer>) : undefined; // never on a SharedArrayBuffer
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (let index = 0; index < req.rawHeaders.length; index += 2) headers.append(req.rawHeaders[index], req.rawHeaders[index + 1]);
  return headers;
}

async function writeResponse(response: Response, res: ServerResponse, aborted: AbortSignal): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  aborted.addEventListener("abort", () => void reader.cancel().catch(() => undefined), { once: true });
  for (;;) {
    const { value, done } = await reader.read();
    if (done || aborted.aborted) break;
    if (!res.write(value)) await new Promise((resolve) => res.once("drain", resolve).once("close", resolve));
  }
  res.end();
}

function writeError(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ status: "error", error: code, message }));
}
