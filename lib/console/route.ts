import "server-only";
import { NextResponse } from "next/server";
import { isApiError, type ApiError } from "@/lib/client";
import { describeApiError } from "./api-errors";
import { AuthError, requireCaller, type Caller } from "./caller";
import type { Role } from "./roles";

type Handler<C> = (request: Request, context: C & { caller: Caller }) => Promise<Response>;

/** The console's status for a failed API call: what the browser can act on (wait, gone), else a bad gateway. */
function statusOf(error: ApiError): number {
  if (error.kind === "rate_limited") return 429;
  if (error.kind === "not_found") return 404;
  return 502;
}

/** The one answer of every console route handler when the co-browsing API failed: the envelope and a message. */
export function apiErrorResponse(error: ApiError): Response {
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (error.kind === "rate_limited") headers["retry-after"] = String(error.retryAfterSeconds ?? 60);
  return NextResponse.json({ status: "error", error: error.kind, message: describeApiError(error) }, { status: statusOf(error), headers });
}

/**
 * Wraps a console route handler: the caller must be signed in with the role, or it answers 401/403; an
 * API failure the handler does not handle itself is answered by `apiErrorResponse`.
 */
export function consoleRoute<C extends object = object>(role: Role, handler: Handler<C>) {
  return async (request: Request, context: C): Promise<Response> => {
    let caller: Caller;
    try {
      caller = await requireCaller(role);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      return NextResponse.json(
        { status: "error", error: error.status === 401 ? "unauthenticated" : "forbidden", message: error.message },
        { status: error.status },
      );
    }
    try {
      return await handler(request, { ...context, caller });
    } catch (error) {
      if (isApiError(error)) return apiErrorResponse(error);
      throw error;
    }
  };
}
