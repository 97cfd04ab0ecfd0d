/** The visitor fields free-text search looks at. Secrets (token hash) and the IP stay out. */
export interface SearchTextFields {
  callName: string | null;
  email: string | null;
  identities: readonly string[] | null;
  uniqueId: string | null;
  lastUrl: string | null;
  /** The title of the page at lastUrl. */
  lastTitle?: string | null;
  /** What the Visitors list shows of where and on what: found by their words too. */
  locationCity?: string | null;
  locationCountryName?: string | null;
  browserName?: string | null;
  deviceName?: string | null;
  deviceType?: string | null;
  /** `#vip` is found by the word `vip` as well as by the tag token. */
  tags?: readonly string[] | null;
}

/**
 * The `search_text` column: what free text matches, with trigrams, and through the words that the
 * database derives from it (search_words). Recompute it whenever one of these fields changes. The email
 * token also relies on it holding the email, identities and unique id.
 */
export function visitorSearchText(fields: SearchTextFields): string {
  const parts = [
    fields.callName,
    fields.email,
    ...(fields.identities ?? []),
    fields.uniqueId,
    fields.lastUrl,
    fields.lastTitle,
    fields.locationCity,
    fields.locationCountryName,
    fields.browserName,
    fields.deviceName,
    fields.deviceType,
    ...(fields.tags ?? []).map((tag) => tag.replace(/^#/, "")),
  ];
  const words = parts.map((part) => part?.trim().toLowerCase() ?? "").filter(Boolean);
  return [...new Set(words)].join(" ");
}
