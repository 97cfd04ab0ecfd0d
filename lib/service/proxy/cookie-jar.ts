import { CookieJar } from "tough-cookie";

/**
 * A proxy session's cookie jar, as tough-cookie keeps cookies (RFC 6265: per domain and path, Secure,
 * HttpOnly, expiry, public suffixes refused). It lives in the proxy session's row between requests.
 */
export function loadJar(stored: Record<string, unknown> | null): CookieJar {
  return stored ? CookieJar.deserializeSync(stored as never) : new CookieJar(undefined, { rejectPublicSuffixes: true });
}

export function jarState(jar: CookieJar): Record<string, unknown> {
  return jar.serializeSync() as unknown as Record<string, unknown>;
}

/** Stores what the site set (Set-Cookie): HttpOnly cookies included, which never reach the browser. Bad cookies are ignored, as a browser does. */
export function storeResponseCookies(jar: CookieJar, target: URL, setCookie: readonly string[]): void {
  for (const cookie of setCookie) jar.setCookieSync(cookie, target.href, { http: true, ignoreError: true });
}

/**
 * Stores a `document.cookie = "…"` of a proxied page, as a non-HTTP API: a script can neither set an
 * HttpOnly cookie nor overwrite one. False when the cookie was refused.
 */
export function storeScriptCookie(jar: CookieJar, target: URL, cookie: string): boolean {
  try {
    return Boolean(jar.setCookieSync(cookie, target.href, { http: false }));
  } catch {
    return false;
  }
}

/** The Cookie header the proxy sends the site for `target`. */
export function requestCookies(jar: CookieJar, target: URL): string {
  return jar.getCookieStringSync(target.href, { http: true });
}

/** What `document.cookie` reads at `target`: the cookies a script may see (never HttpOnly ones). */
export function scriptCookies(jar: CookieJar, target: URL): string {
  return jar.getCookieStringSync(target.href, { http: false });
}
