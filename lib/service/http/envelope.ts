import type { ServerResponse } from "node:http";
import { logUnavailable, RETRY_AFTER_SECONDS } from "@/lib/availability/unavailable";
import type { ErrorCode } from "@/lib/contract";
import { ServiceError } from "../core/errors";
import { answer, JSON_TYPE, TEXT_TYPE } from "./node-answer";

// Each answer takes Node's response when the request came over HTTP: it is then written straight to it (node-answer.ts).

/** The one error answer of the service: `{"status":"error","error":code,"message"?}` with the code's status. */
export function errorResponse(error: ServiceError, outgoing?: ServerResponse): Response {
  const body = { status: "error", error: error.code, ...(error.message !== error.code ? { message: error.message } : {}) };
  return answer(outgoing, error.status, JSON_TYPE, JSON.stringify(body), error.headers);
}

export function errorAnswer(code: ErrorCode, message?: string, headers?: Record<string, string>, outgoing?: ServerResponse): Response {
  return errorResponse(new ServiceError(code, message, headers), outgoing);
}

/** PostgreSQL or Redis could not serve the request: 503 `unavailable`, and when to ask again. */
export function unavailableAnswer(error: unknown, outgoing?: ServerResponse): Response {
  logUnavailable("A backend could not serve", error);
  return errorAnswer("unavailable", "The service is briefly unavailable: try again shortly.", { "retry-after": String(RETRY_AFTER_SECONDS) }, outgoing);
}

/** The plain-text `ok` of the DELETE endpoints. */
export function okText(headers: Record<string, string> = {}, outgoing?: ServerResponse): Response {
  return answer(outgoing, 200, TEXT_TYPE, "ok", headers);
}
