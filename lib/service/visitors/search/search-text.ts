/** The visitor fields free-text search looks at. Secrets (token hash) and the IP stay out. */
export interface SearchTextFields {
  callName: string | null;
  email: string | null;
  identities: readonly string[] | null;
  uniqueId: string | null;
  lastUrl: string | null;
  /** The title of the page at lastUrl. */
  lastTitle?: string | null;
}

/**
 * The `search_text` column: what free text matches, with trigrams, and through the words that the
 * database derives from it (search_words). Recompute it whenever one of these fields changes. The email
 * token also relies on it holding the email, identities and unique id.
 */
export function visitorSearchText(fields: SearchTextFields): string {
  const parts = [fields.callName, fields.email, ...(fields.identities ?? []), fields.uniqueId, fields.lastUrl, fields.lastTitle];
  const words = parts.map((part) => part?.trim().toLowerCase() ?? "").filter(Boolean);
  return [...new Set(words)].join(" ");
}
