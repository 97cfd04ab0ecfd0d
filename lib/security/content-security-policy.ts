/**
 * The Content-Security-Policy of Tandem's pages. Scripts run only with the request's nonce (Next puts it
 * on its own scripts; `'strict-dynamic'` lets them load the app's chunks), so an injected script never
 * runs. Styles may be inline: the pages and the replayed visitor page set style attributes.
 */

/** Which policy a page gets. */
export type PagePolicy = "console" | "watch";

/**
 * Request header through which Tandem's server tells the proxy which origins may frame a watch page (the
 * team's `embed_origins`). The server removes it from every incoming request before setting it.
 */
export const EMBED_ORIGINS_HEADER = "x-tandem-embed-origins";

/** An origin as the team settings store it: scheme, host and port; nothing that could end a directive. */
const ORIGIN = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/;

/** A fresh, unguessable nonce (128 bits, base64) for one response. */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** `frame-ancestors` sources from a space-separated origin list; `'none'` when it holds no valid origin. */
export function frameAncestors(origins: string | null | undefined): string {
  const valid = (origins ?? "").split(/\s+/).filter((origin) => ORIGIN.test(origin));
  return valid.length > 0 ? valid.join(" ") : "'none'";
}

export function contentSecurityPolicy(page: PagePolicy, options: { nonce: string; frameAncestors?: string; development?: boolean }): string {
  // The watch page replays the visitor's page in a sandboxed iframe that shares this policy: its styles,
  // fonts, images and media come from the visitor's site, wherever it is served; its scripts never run.
  const replayed = page === "watch" ? ["http:", "https:"] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // React needs eval for its development diagnostics only.
    "script-src": ["'self'", `'nonce-${options.nonce}'`, "'strict-dynamic'", ...(options.development ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", "'unsafe-inline'", ...replayed],
    "img-src": ["'self'", "data:", "blob:", ...replayed],
    "font-src": ["'self'", "data:", ...replayed],
    "media-src": ["'self'", "data:", "blob:", ...replayed],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": [page === "watch" ? (options.frameAncestors ?? "'none'") : "'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
