import { RETRY_AFTER_SECONDS } from "./unavailable";

/** The page a browser gets while a page cannot be served: 503, Retry-After, and it reloads itself. */
export function unavailablePage(): { status: number; headers: Record<string, string>; body: string } {
  const wait = RETRY_AFTER_SECONDS + 1;
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="${wait}"><meta name="robots" content="noindex"><title>Tandem is briefly unavailable</title></head><body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0"><main style="max-width:28rem;text-align:center"><h1 style="font-size:1.125rem">Tandem is briefly unavailable</h1><p>This page tries again in a few seconds.</p></main></body></html>`;
  return {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "retry-after": String(RETRY_AFTER_SECONDS),
      "cache-control": "no-store",
      // Static: nothing runs or loads, and its address (a watch link) goes nowhere.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
      "referrer-policy": "no-referrer",
    },
    body,
  };
}
