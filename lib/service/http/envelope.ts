import { logUnavailable, RETRY_AFTER_SECONDS } from "@/lib/availability/unavailable";
import type { ErrorCode } from "@/lib/contract";
import { ServiceError } from "../core/errors";

/** The one error answer of the service: `{"status":"error","error":code,"message"?}` with the code's status. */
export function errorResponse(error: ServiceError): Response {
  const body = { status: "error", error: error.code, ...(error.message !== error.code ? { message: error.message } : {}) };
  return Response.json(body, { status: error.status, headers: error.headers });
}

export function errorAnswer(code: ErrorCode, message?: string, headers?: Record<string, string>): Response {
  return errorResponse(new ServiceError(code, message, headers));
}

/** PostgreSQL or Redis could not serve the request: 503 `unavailable`, and when to ask again. */
export function unavailableAnswer(error: unknown): Response {
  logUnavailable("A backend could not serve", error);
  return errorAnswer("unavailable", "The service is briefly unavailable: try again shortly.", { "retry-after": String(RETRY_AFTER_SECONDS) });
}

/** The plain-text `ok` of the DELETE endpoints. */
export function okText(headers: Record<string, string> = {}): Response {
  return new Response("ok", { headers: { "content-type": "text/plain; charset=utf-8", ...headers } });
}
