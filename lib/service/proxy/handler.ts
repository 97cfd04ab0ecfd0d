import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { hostAllowed } from "@/lib/contract/proxy-link";
import { fromProxyUrl, PROXY_SESSION_PREFIX, toProxyUrl } from "@/lib/contract/proxy-url";
import type { Db } from "@/lib/db";
import { UnsafeUrlError, type Resolver } from "../webhooks/address-guard";
import { teamById } from "../teams";
import { BodyTooLargeError, byteLimit, decoderFor, textDecoder } from "./body";
import { handleCookieWrite } from "./cookie-endpoint";
import { jarState, loadJar, requestCookies, scriptCookies, storeResponseCookies } from "./cookie-jar";
import { passedResponseHeaders, proxiedLocation, upstreamRequestHeaders } from "./headers";
import { outsideAllowedDomainsPage, PAGES, PROXY_PAGE_CSP, renderProxyPage, type ProxyPage } from "./pages";
import { createHtmlRewriter } from "./rewrite-html";
import { rewriteCss } from "./rewrite-css";
import { RUNTIME_PATH, runtimeTag, serveRuntime } from "./runtime-script";
import { PROXY_SESSION_TTL_MS, liveProxySession, proxySessionFor, startProxySession, updateCookieJar, type ProxySession } from "./sessions";
import { fetchUpstream, UPSTREAM_TIMEOUT_MS, UpstreamTimeoutError } from "./upstream";

/** The proxy session's own cookie, the only one the browser holds; scoped to the session's path. */
export const PROXY_COOKIE = "tandem_proxy";
/** The largest body the proxy passes on either way, and the largest page or stylesheet it rewrites. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
export const MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
export const MAX_REWRITTEN_BYTES = 10 * 1024 * 1024;

/**
 * What proxied pages may do, as the browser enforces it: everything comes from the proxy's own origin
 * (so an address the rewriting missed is blocked rather than fetched from the site directly), except the
 * visitor script and its service (`serviceOrigin`). Inline scripts and eval stay allowed: proxied sites
 * need them, and the site's own policy, which names the site's hosts, cannot apply on the proxy. The
 * runtime goes inline too; a nonce for it would turn off `'unsafe-inline'` for the site's own scripts.
 * Workers only from the proxy; no plugins.
 */
export function proxiedPageCsp(serviceOrigin: string): string {
  return [
    `default-src 'self' data: blob: ${serviceOrigin}`,
    `script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: ${serviceOrigin}`,
    "style-src 'self' 'unsafe-inline' data: blob:",
    `connect-src 'self' data: blob: ${serviceOrigin}`,
    "img-src 'self' data: blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

export interface ProxyDependencies {
  db: () => Promise<Db>;
  /** The proxy's origin (PROXY_PUBLIC_URL) and the console's and service's (where cobrowse.js is). */
  proxyOrigin: string;
  serviceOrigin: string;
  allowPrivate: boolean;
  resolve?: Resolver;
  /** No other app node (no REDIS_URL): proxy sessions may be kept in memory. */
  nodeIsAlone?: boolean;
  /** public/proxy-runtime.js */
  runtimeFile: string;
  limits?: Partial<ProxyLimits>;
}

export interface ProxyLimits {
  timeoutMs: number;
  maxRequestBytes: number;
  maxResponseBytes: number;
  maxRewrittenBytes: number;
}

const DEFAULT_LIMITS: ProxyLimits = {
  timeoutMs: UPSTREAM_TIMEOUT_MS,
  maxRequestBytes: MAX_REQUEST_BYTES,
  maxResponseBytes: MAX_RESPONSE_BYTES,
  maxRewrittenBytes: MAX_REWRITTEN_BYTES,
};

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

function isNavigation(req: IncomingMessage): boolean {
  const destination = req.headers["sec-fetch-dest"];
  if (destination) return destination === "document" || destination === "iframe" || destination === "frame";
  return (req.headers.accept ?? "").includes("text/html");
}

export function sendPage(res: ServerResponse, page: ProxyPage, headers: Record<string, string> = {}): void {
  const body = renderProxyPage(page);
  res.writeHead(page.status, {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": PROXY_PAGE_CSP,
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "content-length": Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/** A page for a browser navigating, a short text for a script or subresource. */
function refuse(req: IncomingMessage, res: ServerResponse, page: ProxyPage): void {
  if (isNavigation(req)) return sendPage(res, page);
  res.writeHead(page.status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  res.end(`${page.title}. ${page.message}`);
}

/** GET /proxy/<token>: starts the proxy session, gives the browser its cookie and sends it to initial_url. */
async function openLink(req: IncomingMessage, res: ServerResponse, token: string, deps: ProxyDependencies): Promise<void> {
  const started = await startProxySession(await deps.db(), token);
  if (!started.ok) return sendPage(res, started.reason === "spent" ? PAGES.linkSpent : started.reason === "expired" ? PAGES.linkExpired : PAGES.linkInvalid);
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

/** A request outside the proxy's paths (a script's `location.href = "/x"`): the same path on the site of the page it came from. */
function mapStrayPath(req: IncomingMessage, res: ServerResponse, deps: ProxyDependencies): void {
  const from = req.headers.referer ? fromProxyUrl(req.headers.referer, deps.proxyOrigin) : null;
  const target = from && URL.parse(`${from.target.origin}${req.url?.startsWith("/") ? req.url : "/"}`);
  if (!from || !target) return sendPage(res, PAGES.notFound);
  res.writeHead(307, { location: toProxyUrl(target, "", from.sessionId)!, "cache-control": "no-store" });
  res.end();
}

/**
 * The tag put first in every proxied page's `<head>`: the proxy runtime with its configuration, which
 * adds the visitor script once the page has loaded.
 */
function injection(
  session: ProxySession,
  target: URL,
  cookies: string,
  publicKey: string | undefined,
  deps: ProxyDependencies,
  xhtml: boolean,
): Promise<string> {
  const config = JSON.stringify({
    session: session.id,
    target: target.href,
    proxyOrigin: deps.proxyOrigin,
    allowedDomains: session.allowedDomains,
    cookies,
    visitor: publicKey ? { src: `${deps.serviceOrigin}/cobrowse.js`, publicKey } : null,
  });
  return runtimeTag(deps.runtimeFile, config, { xhtml });
}

function upstreamFailurePage(error: unknown): ProxyPage {
  if (error instanceof UnsafeUrlError) return PAGES.privateAddress;
  if (error instanceof UpstreamTimeoutError) return PAGES.timedOut;
  if (error instanceof BodyTooLargeError) return PAGES.tooLarge;
  return PAGES.unreachable;
}

/** What a page's subresource requests ask for (Fetch Metadata), as opposed to documents and scripts. */
const ASSET_DESTINATIONS = new Set(["image", "font", "style", "video", "audio", "track"]);

function isAssetRequest(req: IncomingMessage): boolean {
  const destination = req.headers["sec-fetch-dest"];
  return (req.method === "GET" || req.method === "HEAD") && typeof destination === "string" && ASSET_DESTINATIONS.has(destination);
}

/**
 * A request for a proxied address: the site's answer, its pages and stylesheets rewritten. `anonymous`
 * (an asset for the agent's mirror): no cookies sent or kept, and never a page.
 */
async function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  session: ProxySession,
  target: URL,
  deps: ProxyDependencies,
  { anonymous = false } = {},
): Promise<void> {
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  // A service worker on the proxy's origin would control every proxied page of every session.
  if (req.headers["service-worker"] === "script")
    return refuse(req, res, { status: 403, title: "Service workers are not allowed", message: "The proxy does not register service workers." });
  if (!hostAllowed(target.hostname, session.allowedDomains)) {
    const retry = session.retryUrl ? URL.parse(session.retryUrl) : null;
    const retryHref = retry ? (hostAllowed(retry.hostname, session.allowedDomains) ? toProxyUrl(retry, "", session.id) : retry.href) : null;
    return refuse(req, res, outsideAllowedDomainsPage(target, retryHref));
  }
  if (Number(req.headers["content-length"] ?? 0) > limits.maxRequestBytes)
    return refuse(req, res, { status: 413, title: "Too large", message: "The proxy does not pass on bodies this large." });

  const db = await deps.db();
  const jar = loadJar(anonymous ? null : session.cookieJar);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  let upstream;
  try {
    upstream = await fetchUpstream(
      {
        method: req.method ?? "GET",
        target,
        headers: upstreamRequestHeaders(req.headers, deps.proxyOrigin, requestCookies(jar, target)),
        body: hasBody ? req.pipe(byteLimit(limits.maxRequestBytes)) : null,
      },
      { allowPrivate: deps.allowPrivate, resolve: deps.resolve, timeoutMs: limits.timeoutMs },
    );
  } catch (error) {
    return refuse(req, res, upstreamFailurePage(error));
  }

  const setCookie = upstream.headers["set-cookie"];
  if (setCookie?.length && !anonymous) {
    storeResponseCookies(jar, target, setCookie); // this answer's page sees them at once
    await updateCookieJar(db, session.id, (current) => {
      const before = JSON.stringify(jarState(current));
      storeResponseCookies(current, target, setCookie);
      return JSON.stringify(jarState(current)) !== before;
    });
  }

  const contentType = upstream.headers["content-type"] ?? "";
  const mime = contentType.split(";")[0].trim().toLowerCase();
  const hasResponseBody = req.method !== "HEAD" && upstream.status !== 204 && upstream.status !== 304;
  const decoder = decoderFor(upstream.headers["content-encoding"]);
  const rewrite = hasResponseBody && decoder && (mime === "text/html" || mime === "application/xhtml+xml" || mime === "text/css") ? mime : null;
  if (anonymous && (rewrite === "text/html" || rewrite === "application/xhtml+xml" || mime === "text/html")) {
    upstream.body.destroy();
    return refuse(req, res, PAGES.sessionEnded);
  }
  if (Number(upstream.headers["content-length"] ?? 0) > (rewrite ? limits.maxRewrittenBytes : limits.maxResponseBytes)) {
    upstream.body.destroy();
    return refuse(req, res, PAGES.tooLarge);
  }

  const headers: Record<string, string | string[]> = passedResponseHeaders(upstream.headers, { keepEncoding: !rewrite });
  const location = upstream.headers.location;
  if (location) {
    const proxied = proxiedLocation(location, target, session.id);
    if (proxied) headers.location = proxied;
  }
  headers["referrer-policy"] = "same-origin";
  headers["x-content-type-options"] = "nosniff";

  if (rewrite === "text/css") {
    let css = "";
    try {
      const chunks: string[] = [];
      await pipeline(
        upstream.body,
        byteLimit(limits.maxResponseBytes),
        decoder!,
        byteLimit(limits.maxRewrittenBytes),
        textDecoder(contentType),
        async function (source: AsyncIterable<string>) {
          for await (const chunk of source) chunks.push(chunk);
        },
      );
      css = rewriteCss(chunks.join(""), { sessionId: session.id, base: target });
    } catch (error) {
      return refuse(req, res, upstreamFailurePage(error));
    }
    res.writeHead(upstream.status, { ...headers, "content-type": "text/css; charset=utf-8", "content-length": Buffer.byteLength(css) });
    return void res.end(css);
  }

  if (rewrite) {
    const team = await teamById(db, session.teamId);
    const tags = await injection(session, target, scriptCookies(jar, target), team?.publicKey, deps, rewrite === "application/xhtml+xml");
    // A rewritten page embeds the jar's cookies of this moment: a copy from the cache (back, forward)
    // would show the page's scripts stale ones.
    res.writeHead(upstream.status, {
      ...headers,
      "content-type": `${mime}; charset=utf-8`,
      "content-security-policy": proxiedPageCsp(deps.serviceOrigin),
      "cache-control": "no-store",
    });
    const rewriter = createHtmlRewriter({ sessionId: session.id, base: target }, tags);
    // Once the answer has started, a failure (too large, too slow) can only cut it short.
    await pipeline(
      upstream.body,
      byteLimit(limits.maxResponseBytes),
      decoder!,
      byteLimit(limits.maxRewrittenBytes),
      textDecoder(contentType),
      rewriter,
      res,
    ).catch(() => res.destroy());
    return;
  }

  res.writeHead(upstream.status, headers);
  if (!hasResponseBody) {
    upstream.body.resume();
    return void res.end();
  }
  await pipeline(upstream.body, byteLimit(limits.maxResponseBytes), res).catch(() => res.destroy());
}

/**
 * The proxy origin's request handler: `/proxy/<token>` opens a link, `/s/<id>/<scheme>/<host>/…` is a
 * proxied address (only with the session's cookie), `/s/<id>/__tandem/cookie` takes the page's
 * `document.cookie` writes, `/__tandem/proxy-runtime.js` is the injected runtime, and any other path is
 * mapped through its Referer to the site it came from.
 */
export function createProxyHandler(deps: ProxyDependencies): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    try {
      // Concatenated, not resolved: a path like `//other.host/x` stays a path of the proxy.
      const url = new URL(`${deps.proxyOrigin}${req.url?.startsWith("/") ? req.url : "/"}`);
      const { pathname } = url;
      if (pathname.startsWith("/proxy/")) {
        if (req.method !== "GET" && req.method !== "HEAD") return sendPage(res, { ...PAGES.notFound, status: 405 });
        return await openLink(req, res, pathname.slice("/proxy/".length), deps);
      }
      if (pathname === RUNTIME_PATH) return await serveRuntime(res, deps.runtimeFile);
      if (pathname.startsWith("/__tandem/")) return sendPage(res, PAGES.notFound);
      if (!pathname.startsWith(PROXY_SESSION_PREFIX)) return mapStrayPath(req, res, deps);

      const [rawId, rest] = [pathname.slice(PROXY_SESSION_PREFIX.length).split("/")[0], pathname.slice(PROXY_SESSION_PREFIX.length).split("/")[1]];
      const sessionId = decodeURIComponent(rawId ?? "");
      const session = sessionId
        ? await proxySessionFor(await deps.db(), sessionId, readCookie(req.headers.cookie, PROXY_COOKIE), { nodeIsAlone: deps.nodeIsAlone ?? false })
        : undefined;
      if (!session) {
        // The agent's mirror of a proxied page asks for its images, fonts and media without the
        // visitor's cookie: they are fetched as anyone would, without the session's cookie jar.
        const forMirror =
          sessionId && isAssetRequest(req) ? await liveProxySession(await deps.db(), sessionId, { nodeIsAlone: deps.nodeIsAlone ?? false }) : undefined;
        const proxied = forMirror ? fromProxyUrl(url, deps.proxyOrigin) : null;
        if (forMirror && proxied?.sessionId === forMirror.id) return await proxy(req, res, forMirror, proxied.target, deps, { anonymous: true });
        return refuse(req, res, PAGES.sessionEnded);
      }
      if (rest === "__tandem" && pathname === `${PROXY_SESSION_PREFIX}${rawId}/__tandem/cookie`) return await handleCookieWrite(req, res, session, deps);
      const proxied = fromProxyUrl(url, deps.proxyOrigin);
      if (!proxied || proxied.sessionId !== session.id) return refuse(req, res, PAGES.notFound);
      await proxy(req, res, session, proxied.target, deps);
    } catch (error) {
      console.error("Proxy request failed:", error);
      if (!res.headersSent) sendPage(res, { status: 500, title: "Something went wrong", message: "The proxy failed to handle this request. Try again." });
      else res.destroy();
    }
  };
}

export const DEFAULT_RUNTIME_FILE = path.join(process.cwd(), "public", "proxy-runtime.js");
