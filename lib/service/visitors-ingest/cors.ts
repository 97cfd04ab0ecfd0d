/**
 * The visitor script runs on customers' sites, so every /collect answer (errors included) allows any
 * origin. No cookies are involved: the visitor proves itself with its id and token headers.
 */
export const COLLECT_CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "content-type, x-visitor-id, x-visitor-token",
  "access-control-allow-methods": "POST, OPTIONS",
};

/** The `OPTIONS` handler of every /collect route: the browser's preflight, cached for 10 minutes. */
export function collectPreflight(): Response {
  return new Response(null, { status: 204, headers: { ...COLLECT_CORS_HEADERS, "access-control-max-age": "600" } });
}
