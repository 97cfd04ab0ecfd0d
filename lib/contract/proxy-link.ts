/**
 * How a proxy session link and the proxy session it starts are tied: the session's id is derived from
 * the link's token (the first 22 characters of the base64url SHA-256 of the link's last path segment).
 * The service names the session so; the console, which only ever sees the link, finds the visitor by
 * it (the visitor's address on the proxy, `/s/<id>/…`, holds it). Plain Web Crypto, no dependency.
 */
export async function proxySessionIdOfToken(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  const base64 = btoa(String.fromCharCode(...digest));
  return base64.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "").slice(0, 22);
}

/** The id of the proxy session a proxy session link (`…/proxy/<token>`) starts; null if it is not one. */
export async function proxySessionIdOfLink(proxyUrl: string): Promise<string | null> {
  const url = URL.parse(proxyUrl);
  const match = url?.pathname.match(/^\/proxy\/([^/]+)$/);
  return match ? proxySessionIdOfToken(match[1]) : null;
}

/**
 * Whether a host is inside a proxy session's allowed domains, as the API reads them: `*` allows all,
 * `*.example.com` its subdomains, anything else that exact host. Hosts compare without case.
 */
export function hostAllowed(host: string, patterns: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return patterns.some((raw) => {
    const pattern = raw.toLowerCase();
    return pattern === "*" || name === pattern || (pattern.startsWith("*.") && name.endsWith(pattern.slice(1)));
  });
}
