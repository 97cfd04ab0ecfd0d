import { isApiError } from "@/lib/client";

/**
 * What to tell the person when the API refused their search (a character it does not accept, say): the
 * search is their own text, so the refusal is theirs to fix, not a console failure. Null for any other error.
 */
export function searchRefusal(error: unknown): string | null {
  if (!isApiError(error) || error.kind !== "invalid_request") return null;
  return `The co-browsing API refused this search (${error.message}). Change the search and try again.`;
}
