/**
 * What of a page's URL may leave the visitor's browser: reset links, OAuth codes and session ids ride in
 * query strings and fragments. One rule, applied by the visitor script to every URL it sends and by the
 * service to every URL it stores (an older script may send a raw one). Plain code, no dependency: the
 * visitor script bundles it.
 */

/** Name fragments of query parameters whose values are dropped, unless the team sets its own list. */
export const DEFAULT_URL_REDACTED_PARAMS = [
  "token",
  "code",
  "secret",
  "password",
  "passwd",
  "pwd",
  "key",
  "auth",
  "session",
  "sig",
  "otp",
  "nonce",
  "state",
  "ticket",
  "jwt",
  "sid",
];

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw; // malformed percent-encoding: match on the name as written
  }
}

/**
 * The URL without its fragment and user info, with the value of every query parameter whose name
 * contains one of `redactedParams` (case-insensitive) emptied: `?reset_token=abc&page=2` becomes
 * `?reset_token=&page=2`. The rest of the query is kept byte for byte.
 */
export function redactUrl(url: string, redactedParams: readonly string[]): string {
  const fragments = redactedParams.map((name) => name.toLowerCase()).filter((name) => name !== "");
  const withoutHash = url.split("#", 1)[0];
  const queryAt = withoutHash.indexOf("?");
  const base = withoutUserInfo(queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt));
  if (queryAt < 0) return base;
  const query = withoutHash
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals < 0 ? pair : pair.slice(0, equals);
      const secret = fragments.some((fragment) => decodedName(name).toLowerCase().includes(fragment));
      return secret && equals >= 0 ? `${name}=` : pair;
    })
    .join("&");
  return `${base}?${query}`;
}

/** `https://user:pass@host/…` → `https://host/…`. */
function withoutUserInfo(beforeQuery: string): string {
  return beforeQuery.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/]*@/i, "$1");
}
