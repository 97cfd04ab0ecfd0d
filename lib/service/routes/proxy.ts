import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { decodeSegment, fromProxyUrl, PROXY_SESSION_PREFIX, toProxyUrl } from "@/lib/contract/proxy-url";
import { ServiceError } from "../core/errors";
import { errorResponse } from "../http/envelope";
import type { RateLimiter } from "../http/rate-limit";
import { createRateLimiter } from "../http/rate-limits";
import { DEFAULT_LIMITS, PROXY_COOKIE, type ProxyDependencies } from "../proxy/dependencies";
import { forward } from "../proxy/forward";
import { MIRROR_PREFIX, mirrorMayFetch } from "../proxy/mirror";
import { openLinkPage, PAGES } from "../proxy/pages";
import { refuse, sendPage } from "../proxy/respond";
import { RUNTIME_PATH, serveRuntime } from "../proxy/runtime-script";
import {
  checkProxyLink,
  liveProxySession,
  PROXY_SESSION_TTL_MS,
  proxySessionFor,
  startProxySession,
  type ProxySession,
  type SessionCaching,
} from "../proxy/sessions";
import { writeScriptCookie } from "./proxy-cookie";

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

const LINK_REFUSALS = { spent: PAGES.linkSpent, expired: PAGES.linkExpired, invalid: PAGES.linkInvalid };

/**
 * `/proxy/<token>`. GET shows a page whose button opens the link: mail and chat link scanners GET the
 * links they see, and would spend a link that opens once before the visitor clicks it. POST (the button)
 * starts the proxy session, gives the browser its cookie and sends it to initial_url.
 */
async function answerLink(req: IncomingMessage, res: ServerResponse, token: string, deps: ProxyDependencies): Promise<void> {
  const db = await deps.db();
  if (req.method === "GET" || req.method === "HEAD") {
    const check = await checkProxyLink(db, token);
    return sendPage(res, check.ok ? openLinkPage(`/proxy/${token}`) : LINK_REFUSALS[check.reason]);
  }
  if (req.method !== "POST") return sendPage(res, { ...PAGES.notFound, status: 405 });
  req.resume(); // the form's body says nothing
  const started = await startProxySession(db, token);
  if (!started.ok) return sendPage(res, LINK_REFUSALS[started.reason]);
  const { session, cookie } = started;
  const location = toProxyUrl(session.initialUrl, "", session.id);
  if (!location) return sendPage(res, PAGES.linkInvalid);
  const secure = deps.proxyOrigin.startsWith("https:") ? "; Secure" : "";
  const sessionPath = `${PROXY_SESSION_PREFIX}${encodeURIComponent(session.id)}/`;
  res.writeHead(303, {
    location,
    "set-cookie": `${PROXY_COOKIE}=${cookie}; Path=${sessionPath}; Max-Age=${PROXY_SESSION_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
  });
  res.end();
}

/** The request as the web's Request, its body streamed: for the proxy's endpoints that answer like the service's. */
function toRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headersDistinct)) for (const value of values ?? []) headers.append(name, value);
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  return new Request(url, { method: req.method, headers, body, duplex: "half" } as RequestInit);
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * POST /s/<id>/__tandem/cookie, answered with the service's envelope on a refusal. Each write locks and
 * rewrites the session's row: a page may make a few hundred a minute, not a flood.
 */
async function answerCookieWrite(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  session: ProxySession,
  deps: ProxyDependencies,
  limiter: RateLimiter,
): Promise<void> {
  let response: Response;
  try {
    const perMinute = deps.limits?.cookieWritesPerMinute ?? DEFAULT_LIMITS.cookieWritesPerMinute;
    const wait = await limiter.take([{ key: `proxy-cookie:${session.id}`, perMinute }]);
    if (wait > 0) throw new ServiceError("rate_limited", "Too many cookie writes for this proxy session.", { "retry-after": String(wait) });
    response = await writeScriptCookie(toRequest(req, url), await deps.db(), session);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    response = errorResponse(error);
  }
  await sendResponse(res, response);
}

/** A request outside the proxy's paths (a script's `location.href = "/x"`): the same path on the site of the page it came from. */
function mapStrayPath(req: IncomingMessage, res: ServerResponse, deps: ProxyDependencies): void {
  const from = req.headers.referer ? fromProxyUrl(req.headers.referer, deps.proxyOrigin) : null;
  const target = from && URL.parse(`${from.target.origin}${req.url?.startsWith("/") ? req.url : "/"}`);
  if (!from || !target) return sendPage(res, PAGES.notFound);
  res.writeHead(307, { location: toProxyUrl(target, "", from.sessionId)!, "cache-control": "no-store" });
  res.end();
}

/** What a page's subresource requests ask for (Fetch Metadata), as opposed to documents and scripts. */
const ASSET_DESTINATIONS = new Set(["image", "font", "style", "video", "audio"]);

function isAssetRequest(req: IncomingMessage): boolean {
  const destination = req.headers["sec-fetch-dest"];
  return (req.method === "GET" || req.method === "HEAD") && typeof destination === "string" && ASSET_DESTINATIONS.has(destination);
}

/**
 * `/mirror/<token>/s/<id>/<scheme>/<host>/…`: an image, font, stylesheet or media file of a proxied page
 * for the agent's mirror, which has no proxy session cookie (proxy/mirror.ts), fetched without the
 * session's cookie jar.
 */
async function answerMirror(req: IncomingMessage, res: ServerResponse, url: URL, deps: ProxyDependencies, caching: SessionCaching): Promise<void> {
  const token = url.pathname.slice(MIRROR_PREFIX.length).split("/")[0];
  const rest = url.pathname.slice(MIRROR_PREFIX.length + token.length);
  const proxied = rest.startsWith(PROXY_SESSION_PREFIX) ? fromProxyUrl(`${deps.proxyOrigin}${rest}${url.search}`, deps.proxyOrigin) : null;
  const db = await deps.db();
  const session = proxied && isAssetRequest(req) ? await liveProxySession(db, proxied.sessionId, caching) : undefined;
  if (!proxied || !session || !(await mirrorMayFetch(db, token, session))) return refuse(req, res, PAGES.mirrorRefused);
  await forward(req, res, session, proxied.target, deps, { mirror: `${MIRROR_PREFIX}${token}` });
}

/**
 * The proxy origin's request handler: `/proxy/<token>` opens a link, `/s/<id>/<scheme>/<host>/…` is a
 * proxied address (only with the session's cookie), `/mirror/<token>/s/…` one of its assets for the
 * agent's mirror, `/s/<id>/__tandem/cookie` takes the page's `document.cookie` writes,
 * `/__tandem/proxy-runtime.js` is the injected runtime, and any other path is mapped through its Referer
 * to the site it came from.
 */
export function createProxyHandler(deps: ProxyDependencies): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const limiter = createRateLimiter();
  const caching: SessionCaching = { nodeIsAlone: deps.nodeIsAlone ?? false };
  return async (req, res) => {
    try {
      // Concatenated, not resolved: a path like `//other.host/x` stays a path of the proxy.
      const url = new URL(`${deps.proxyOrigin}${req.url?.startsWith("/") ? req.url : "/"}`);
      const { pathname } = url;
      if (pathname.startsWith("/proxy/")) return await answerLink(req, res, pathname.slice("/proxy/".length), deps);
      if (pathname.startsWith(MIRROR_PREFIX)) return await answerMirror(req, res, url, deps, caching);
      if (pathname === RUNTIME_PATH) return await serveRuntime(res, deps.runtimeFile);
      if (pathname.startsWith("/__tandem/")) return sendPage(res, PAGES.notFound);
      if (!pathname.startsWith(PROXY_SESSION_PREFIX)) return mapStrayPath(req, res, deps);

      const rawId = pathname.slice(PROXY_SESSION_PREFIX.length).split("/")[0];
      const sessionId = decodeSegment(rawId);
      if (sessionId === null) return refuse(req, res, PAGES.badAddress);
      const session = sessionId ? await proxySessionFor(await deps.db(), sessionId, readCookie(req.headers.cookie, PROXY_COOKIE), caching) : undefined;
      if (!session) return refuse(req, res, PAGES.sessionEnded);
      if (pathname === `${PROXY_SESSION_PREFIX}${rawId}/__tandem/cookie`) return await answerCookieWrite(req, res, url, session, deps, limiter);
      const proxied = fromProxyUrl(url, deps.proxyOrigin);
      if (!proxied || proxied.sessionId !== session.id) return refuse(req, res, PAGES.notFound);
      await forward(req, res, session, proxied.target, deps);
    } catch (error) {
      console.error("Proxy request failed:", error);
      if (!res.headersSent) sendPage(res, { status: 500, title: "Something went wrong", message: "The proxy failed to handle this request. Try again." });
      else res.destroy();
    }
  };
}
