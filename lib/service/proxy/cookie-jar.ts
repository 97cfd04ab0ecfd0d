import { CookieJar, type Cookie } from "tough-cookie";

/**
 * RFC 6265 §6.1's least limits, which browsers keep too: a site (hostile, or a tracker gone wild) cannot
 * grow a session's jar, its database row and the Cookie header sent upstream without bound.
 */
export const COOKIE_LIMITS = { perDomain: 50, total: 3000, bytes: 4096 };

/** Whether a cookie's name and value (what it costs in every request) fit in the per-cookie limit. */
function fits(cookie: string): boolean {
  return Buffer.byteLength(cookie.split(";", 1)[0]) <= COOKIE_LIMITS.bytes;
}

/** Evicts the oldest cookies beyond the limits: first those of a domain over its share, then over the total. */
function evictBeyondLimits(jar: CookieJar): void {
  let cookies: Cookie[] = [];
  // The memory store answers at once (it is synchronous), oldest first.
  jar.store.getAllCookies((_error, all) => (cookies = all ?? []));
  const perDomain = new Map<string, number>();
  let kept = 0;
  for (const cookie of cookies.reverse()) {
    const domain = cookie.domain ?? "";
    const count = (perDomain.get(domain) ?? 0) + 1;
    perDomain.set(domain, count);
    if (count <= COOKIE_LIMITS.perDomain && kept < COOKIE_LIMITS.total) kept += 1;
    else jar.store.removeCookie(domain, cookie.path ?? "", cookie.key, () => {});
  }
}

/**
 * A proxy session's cookie jar, as tough-cookie keeps cookies (RFC 6265: per domain and path, Secure,
 * HttpOnly, expiry, public suffixes refused). It lives in the proxy session's row between requests.
 */
export function loadJar(stored: Record<string, unknown> | null): CookieJar {
  return stored ? CookieJar.deserializeSync(stored as never) : new CookieJar(undefined, { rejectPublicSuffixes: true });
}

/** Jars as deserialized from a stored state, while that state object lives (a session's row, as cached). */
const readOnlyJars = new WeakMap<object, CookieJar>();
const emptyJar = new CookieJar(undefined, { rejectPublicSuffixes: true });

/**
 * The jar of a stored state for reading cookies only, deserialized once per state rather than for every
 * request (a session's row keeps its state object until its jar changes). Never store into it: a change
 * goes to a jar of `loadJar`'s, then to the row.
 */
export function readOnlyJar(stored: Record<string, unknown> | null): CookieJar {
  if (!stored || (Array.isArray(stored.cookies) && stored.cookies.length === 0)) return emptyJar;
  let jar = readOnlyJars.get(stored);
  if (!jar) readOnlyJars.set(stored, (jar = loadJar(stored)));
  return jar;
}

export function jarState(jar: CookieJar): Record<string, unknown> {
  return jar.serializeSync() as unknown as Record<string, unknown>;
}

/** Stores what the site set (Set-Cookie): HttpOnly cookies included, which never reach the browser. Bad cookies are ignored, as a browser does. */
export function storeResponseCookies(jar: CookieJar, target: URL, setCookie: readonly string[]): void {
  for (const cookie of setCookie) if (fits(cookie)) jar.setCookieSync(cookie, target.href, { http: true, ignoreError: true });
  evictBeyondLimits(jar);
}

/**
 * Stores a `document.cookie = "…"` of a proxied page, as a non-HTTP API: a script can neither set an
 * HttpOnly cookie nor overwrite one. False when the cookie was refused.
 */
export function storeScriptCookie(jar: CookieJar, target: URL, cookie: string): boolean {
  if (!fits(cookie)) return false;
  let stored = false;
  try {
    stored = Boolean(jar.setCookieSync(cookie, target.href, { http: false }));
  } catch {
    // refused, as document.cookie silently ignores it
  }
  evictBeyondLimits(jar);
  return stored;
}

/** The Cookie header the proxy sends the site for `target`. */
export function requestCookies(jar: CookieJar, target: URL): string {
  if (jar === emptyJar) return "";
  return jar.getCookieStringSync(target.href, { http: true });
}

/** What `document.cookie` reads at `target`: the cookies a script may see (never HttpOnly ones). */
export function scriptCookies(jar: CookieJar, target: URL): string {
  if (jar === emptyJar) return "";
  return jar.getCookieStringSync(target.href, { http: false });
}
