/**
 * How the universal proxy names a proxied address on its own origin:
 * `<proxy origin>/s/<proxy session id>/<scheme>/<host[:port]><path><query>`. The session id leads the
 * path so that the proxy session's cookie can be scoped to it (two proxy sessions in one browser stay
 * apart). One rule for the proxy (rewriting pages) and the runtime injected into them (rewriting what
 * scripts request). Plain code, no dependency: the runtime bundles it. Fragments never reach a server,
 * so they are kept as they are.
 */

export const PROXY_SESSION_PREFIX = "/s/";

/** The path on the proxy origin under which a proxy session's pages live: `/s/<id>/`. */
export function proxySessionPath(sessionId: string): string {
  return `${PROXY_SESSION_PREFIX}${encodeURIComponent(sessionId)}/`;
}

/**
 * `target` (http or https, absolute) as its proxied address; null for other schemes (data:, blob:, mailto:…)
 * and for the hosts `.` and `..`, which as a path segment would be resolved away.
 */
export function toProxyUrl(target: string | URL, proxyOrigin: string, sessionId: string): string | null {
  const url = typeof target === "string" ? URL.parse(target) : target;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  if (url.host === "." || url.host === "..") return null;
  const scheme = url.protocol.slice(0, -1);
  return `${proxyOrigin}${proxySessionPath(sessionId)}${scheme}/${url.host}${url.pathname}${url.search}${url.hash}`;
}

/** A path segment's text; null when its escapes are malformed (`%ZZ`, a cut UTF-8 sequence), which decodeURIComponent throws on. */
export function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The proxy session and target of a proxied address (absolute, or a path on the proxy origin); null if it is not one. */
export function fromProxyUrl(proxied: string | URL, proxyOrigin: string): { sessionId: string; target: URL } | null {
  const url = typeof proxied === "string" ? URL.parse(proxied, proxyOrigin) : proxied;
  if (!url || url.origin !== proxyOrigin || !url.pathname.startsWith(PROXY_SESSION_PREFIX)) return null;
  const [sessionId, scheme, host, ...path] = url.pathname.slice(PROXY_SESSION_PREFIX.length).split("/");
  if (!sessionId || (scheme !== "http" && scheme !== "https") || !host) return null;
  const target = URL.parse(`${scheme}://${host}/${path.join("/")}${url.search}${url.hash}`);
  const id = decodeSegment(sessionId);
  if (!target || target.host !== host || id === null) return null;
  return { sessionId: id, target };
}
