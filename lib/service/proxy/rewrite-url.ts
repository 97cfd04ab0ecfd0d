import { toProxyUrl } from "@/lib/contract/proxy-url";

/** Where a proxied document's relative addresses resolve, and which proxy session it belongs to. */
export interface RewriteContext {
  sessionId: string;
  /** The document's base: its target URL, or its `<base href>` once seen. */
  base: URL;
  /** Put before every proxied address: the mirror's (`/mirror/<token>`) for a stylesheet it fetches. */
  prefix?: string;
}

/**
 * `raw` as the proxy's address of what it points to (a path on the proxy origin, so it works from any
 * host name the proxy answers on). Addresses of other schemes (data:, blob:, javascript:, mailto:) and
 * fragments within the page stay as they are. Every http(s) address goes through the proxy, allowed or
 * not: the proxy refuses the others, so the browser never asks the proxied site (or any site) directly.
 */
export function proxiedAddress(raw: string, context: RewriteContext): string {
  const value = raw.trim();
  if (value === "" || value.startsWith("#")) return raw;
  const target = URL.parse(value, context.base);
  return (target && toProxyUrl(target, context.prefix ?? "", context.sessionId)) ?? raw;
}
