import type { VisitorScript } from "./visitor-script";

/**
 * What the proxy tells the runtime about the page, on the runtime's own tag (just before the page's first
 * script, the runtime inline in it): `<script data-tandem-proxy='{"session":…,"target":…,…}'>…</script>`.
 */
export interface ProxyRuntimeConfig {
  /** The proxy session's id, as in its addresses `/s/<id>/…`. */
  session: string;
  /** The page's own address on the proxied site. */
  target: string;
  /** The proxy's origin: every request of the page goes there. */
  proxyOrigin: string;
  allowedDomains: string[];
  /** The jar's cookies a script may read for this page (never HttpOnly ones), as a Cookie header. */
  cookies: string;
  /** The visitor script the runtime adds once the page has loaded; none when the team has no public key. */
  visitor: VisitorScript | null;
}

function parseVisitor(value: unknown): VisitorScript | null | undefined {
  if (value === undefined || value === null) return null;
  const { src, publicKey } = value as Record<string, unknown>;
  if (typeof src !== "string" || typeof publicKey !== "string" || !publicKey) return undefined;
  try {
    new URL(src);
  } catch {
    return undefined;
  }
  return { src, publicKey };
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** The config from JSON, or null when it is missing or malformed (the runtime then stays out of the way). */
export function parseRuntimeConfig(json: string | undefined): ProxyRuntimeConfig | null {
  if (!json) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { session, target, proxyOrigin, allowedDomains, cookies } = value ?? {};
  const visitor = parseVisitor(value?.visitor);
  if (visitor === undefined) return null;
  if (typeof session !== "string" || !session || typeof target !== "string" || typeof proxyOrigin !== "string") return null;
  if (!isStringList(allowedDomains) || (cookies !== undefined && typeof cookies !== "string")) return null;
  try {
    if (new URL(proxyOrigin).origin !== proxyOrigin) return null;
    new URL(target);
  } catch {
    return null;
  }
  return { session, target, proxyOrigin, allowedDomains, cookies: cookies ?? "", visitor };
}
