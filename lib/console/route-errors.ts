import "server-only";
import { unstable_rethrow } from "next/navigation";
import { ZodError } from "zod";
import { isApiError, type ApiError } from "@/lib/client";
import { formatZodIssue } from "@/lib/contract";
import { describeApiError } from "./api-errors";
import { AuthError } from "./auth/auth-error";

/**
 * The one error answer of the console's route handlers: `{"status":"error","error":code,"message"?}`.
 * Never cached: an error is about this request only.
 */
export function errorResponse(status: number, code: string, message?: string, headers: Record<string, string> = {}): Response {
  return Response.json({ status: "error", error: code, ...(message ? { message } : {}) }, { status, headers: { "cache-control": "no-store", ...headers } });
}

/** A refusal a route handler names itself (a visitor that no longer exists, a search the API refused). */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "RouteError";
  }
}

/** A failed API call: what the browser can act on (wait, gone) keeps its status, the rest is a bad gateway. */
function apiErrorResponse(error: ApiError): Response {
  const message = describeApiError(error);
  if (error.kind === "rate_limited") return errorResponse(429, error.kind, message, { "retry-after": String(error.retryAfterSeconds ?? 60) });
  return errorResponse(error.kind === "not_found" ? 404 : 502, error.kind, message);
}

/**
 * What a console route handler answers for an error: 401 not signed in, 403 role not allowed, 400 a
 * query that does not parse (naming the field), a `RouteError` as it names itself, the API's own failure
 * as it came (429, 404, else 502), and 500 for anything else, logged, so a console bug never looks like
 * an API outage.
 */
export function routeErrorResponse(error: unknown): Response {
  // Next's own signals (redirect, notFound, dynamic rendering) are not failures: they pass through.
  unstable_rethrow(error);
  if (error instanceof AuthError) return errorResponse(error.status, error.status === 401 ? "unauthenticated" : "forbidden", error.message);
  if (error instanceof ZodError) return errorResponse(400, "invalid_request", formatZodIssue(error));
  if (error instanceof RouteError) return errorResponse(error.status, error.code, error.message);
  if (isApiError(error)) return apiErrorResponse(error);
  console.error("A console route handler failed:", error);
  return errorResponse(500, "internal_error", "The console failed to answer. Try again; if it keeps failing, tell your admin.");
}
