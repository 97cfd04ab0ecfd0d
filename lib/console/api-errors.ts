import "server-only";
import { isApiError, type ApiError } from "@/lib/client";

/** What the console tells a person when the API refused or failed, keyed on the error's kind. */
export function describeApiError(error: unknown, messages: Partial<Record<ApiError["kind"], string>> = {}): string {
  if (!isApiError(error)) throw error;
  const custom = messages[error.kind];
  if (custom) return custom;
  switch (error.kind) {
    case "unavailable":
      return "The co-browsing API did not answer. Try again in a moment.";
    case "unauthorized":
      return "The co-browsing API refused the console's key. An admin should check the connection in Settings.";
    case "rate_limited":
      return `Too many requests to the co-browsing API. Try again in ${error.retryAfterSeconds ?? 60} seconds.`;
    case "not_found":
      return "It no longer exists.";
    case "invalid_response":
      return "The co-browsing API answered something the console does not understand.";
    default:
      return error.message;
  }
}
