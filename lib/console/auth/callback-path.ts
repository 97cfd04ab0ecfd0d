/**
 * Where to go after signing in: only a path on this site (never `//host` or a full URL, which would make
 * the sign-in page an open redirect), and never back to the sign-in page itself.
 */
export function safeCallbackPath(value: unknown, fallback = "/usage"): string {
  if (typeof value !== "string") return fallback;
  let path = value;
  try {
    const url = new URL(value, "http://tandem.invalid");
    if (url.origin !== "http://tandem.invalid") return fallback;
    path = `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/login")) return fallback;
  return path;
}
