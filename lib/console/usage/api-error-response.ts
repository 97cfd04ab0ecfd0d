import "server-only";
import { isApiError } from "@/lib/client";
import { describeApiError } from "@/lib/console/api-errors";

/** A console route handler's answer when the co-browsing API failed: what happened, never a crash. */
export function apiErrorResponse(error: unknown): Response {
  if (!isApiError(error)) throw error;
  const status = error.kind === "rate_limited" ? 429 : error.kind === "not_found" ? 404 : 502;
  return Response.json({ status: "error", error: error.kind, message: describeApiError(error) }, { status });
}
