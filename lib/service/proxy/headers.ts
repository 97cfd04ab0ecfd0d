import type { IncomingHttpHeaders } from "node:http";
import { fromProxyUrl, toProxyUrl } from "@/lib/contract/proxy-url";

/**
 * Request headers never passed on to the proxied site: hop-by-hop ones (RFC 9110 §7.6.1), the host, the
 * browser's cookies (the proxy session's own; the site gets the jar's), addresses the proxy sets itself
 * (Origin and Referer become the site's), what would tell the site about the visitor's path here, and
 * Authorization: every proxied site shares the proxy's origin, so HTTP credentials the browser keeps
 * for one would be sent to all of them.
 */
const DROPPED_REQUEST_HEADERS = new Set([
  "authorization",
  "connection",
  "keep-alive",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "cookie",
  "origin",
  "referer",
  "accept-encoding",
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-real-ip",
  "service-worker",
]);

/**
 * Response headers passed back to the browser, on purpose, by name: what describes the body and its
 * caching. Everything else is left out: Set-Cookie (the jar keeps cookies), the site's CSP (it names
 * the site's hosts, never the proxy's; the proxy sets its own), HSTS, Clear-Site-Data and Alt-Svc
 * (they would act on the proxy's host, for every proxy session), CORS and cross-origin policies (every
 * proxied address shares the proxy's origin), Link preloads, reporting endpoints, and WWW-Authenticate
 * (credentials the browser would keep for the proxy's origin, and so send to every proxied site).
 */
const PASSED_RESPONSE_HEADERS = [
  "content-type",
  "content-language",
  "content-disposition",
  "content-range",
  "accept-ranges",
  "cache-control",
  "expires",
  "last-modified",
  "etag",
  "vary",
  "retry-after",
  "x-content-type-options",
];

/** Origin and Referer as the site would see them from its own pages (a proxied address becomes its target). */
function unproxied(value: string | undefined, proxyOrigin: string): string | undefined {
  if (!value) return undefined;
  const parsed = fromProxyUrl(value, proxyOrigin);
  return parsed?.target.href;
}

export function upstreamRequestHeaders(incoming: IncomingHttpHeaders, proxyOrigin: string, cookie: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || DROPPED_REQUEST_HEADERS.has(name) || name.startsWith("proxy-")) continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  // Only what the proxy can decode when it rewrites the body.
  headers["accept-encoding"] = "gzip, deflate, br";
  if (cookie) headers.cookie = cookie;
  const referer = unproxied(incoming.referer, proxyOrigin);
  if (referer) headers.referer = referer;
  if (incoming.origin) {
    // A same-origin request on the proxy was a request from the page's own site: tell the site so.
    const from = referer ? new URL(referer).origin : undefined;
    if (incoming.origin === proxyOrigin && from) headers.origin = from;
    else if (incoming.origin !== proxyOrigin) headers.origin = incoming.origin;
  }
  return headers;
}

export function passedResponseHeaders(upstream: IncomingHttpHeaders, options: { keepEncoding: boolean }): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = upstream[name];
    if (value !== undefined) headers[name] = value;
  }
  if (options.keepEncoding) {
    for (const name of ["content-encoding", "content-length"]) {
      const value = upstream[name];
      if (value !== undefined) headers[name] = value;
    }
  }
  return headers;
}

/** A Location of the site, resolved against the address it answered for, as its proxied address. */
export function proxiedLocation(location: string, target: URL, sessionId: string): string | null {
  const resolved = URL.parse(location, target);
  return resolved ? toProxyUrl(resolved, "", sessionId) : null;
}
