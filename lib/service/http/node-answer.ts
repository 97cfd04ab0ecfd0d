import type { ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";

/**
 * An answer of the service. Over HTTP it is written straight to Node's response, with the headers
 * already set on it (the server's base headers, CORS), and Hono is told it was sent: no WHATWG Response
 * is built and read back, which costs more than the handler of a small request. In-process and test
 * callers (`app.request`) get a Response as before.
 */
export function answer(
  outgoing: ServerResponse | undefined,
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): Response {
  // A stream that failed after it began has nothing left to answer with: Hono's Response, which goes nowhere.
  if (!outgoing || outgoing.headersSent) return new Response(body, { status, headers: { "content-type": contentType, ...headers } });
  outgoing.writeHead(status, { ...headers, "content-type": contentType, "content-length": Buffer.byteLength(body) });
  outgoing.end(body);
  return RESPONSE_ALREADY_SENT;
}

export const JSON_TYPE = "application/json";
export const TEXT_TYPE = "text/plain; charset=utf-8";
