import { COLLECT_CORS_HEADERS } from "../visitors-ingest/cors";

/** /collect/live: the visitor script's CORS headers, plus GET for its stream. */
export const LIVE_CORS_HEADERS: Record<string, string> = { ...COLLECT_CORS_HEADERS, "access-control-allow-methods": "GET, POST, OPTIONS" };

export function livePreflight(): Response {
  return new Response(null, { status: 204, headers: { ...LIVE_CORS_HEADERS, "access-control-max-age": "600" } });
}
