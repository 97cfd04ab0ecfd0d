import { invalidRequest } from "../../core/errors";

export { INTEGRATION_ID_PATTERN, TAG_PATTERN } from "@/lib/contract/identity-rules";
// Deliberately loose: it only decides which identity is shown as the visitor's email.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The identity the visitor script sends: `null` clears a field, leaving it out keeps it. */
export interface IdentityInput {
  uniqueId?: string | null;
  identities?: string[] | null;
  tags?: string[] | null;
  integrationIds?: string[] | null;
  callName?: string | null;
}

/** A list without blanks and repeats, or 400 naming the first entry that breaks `pattern`. */
export function cleanList(field: string, values: string[], pattern?: RegExp): string[] {
  const trimmed = values.map((value) => value.trim());
  if (pattern) {
    const bad = trimmed.findIndex((value) => value !== "" && !pattern.test(value));
    if (bad >= 0) throw invalidRequest(`${field}[${bad}]: "${trimmed[bad]}" must match ${pattern.source}`);
  }
  return [...new Set(trimmed.filter(Boolean))];
}

/** A blank string clears the field like `null` does. */
export function cleanText(value: string | null): string | null {
  return value?.trim() || null;
}

export function emailAmong(identities: string[]): string | null {
  return identities.find((identity) => EMAIL_PATTERN.test(identity)) ?? null;
}
