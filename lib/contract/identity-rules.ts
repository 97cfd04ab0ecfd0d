/**
 * The rules of a visitor's identity, zod-free: the contract's schemas, the service's checks and the
 * visitor script's own (which must not bundle zod) all read them here.
 */
export const IDENTITY_TEXT_MAX = 512;
export const IDENTITY_LIST_MAX = 100;

export const TAG_PATTERN = /^#[A-Za-z-]+$/;
export const TAG_RULE = 'must be "#" then letters and dashes, e.g. "#vip"';

export const INTEGRATION_ID_PATTERN = /^[a-z]{3,}:.+$/;
export const INTEGRATION_ID_RULE = 'must be "<name>:<id>" with a lowercase name of 3+ letters, e.g. "acmechat:1234"';

/** Each field of Tandem.identify, and what an entry of a list must be. */
export const IDENTITY_FIELDS = {
  uniqueId: { list: false },
  identities: { list: true },
  tags: { list: true, pattern: TAG_PATTERN, rule: TAG_RULE },
  integrationIds: { list: true, pattern: INTEGRATION_ID_PATTERN, rule: INTEGRATION_ID_RULE },
  callName: { list: false },
} as const satisfies Record<string, { list: boolean; pattern?: RegExp; rule?: string }>;

const quoted = (value: unknown) => (typeof value === "string" ? `"${value}"` : String(value));

/**
 * What is wrong with an identity, naming the field (`tags[0]: "vip" must be "#" then letters…`), or null
 * when the service will take it. `null` clears a field; a field left out is kept; other fields are refused.
 */
export function identityProblem(fields: unknown): string | null {
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return 'the identity must be an object, e.g. { callName: "Jane" }';
  for (const [name, value] of Object.entries(fields)) {
    const field = (IDENTITY_FIELDS as Record<string, { list: boolean; pattern?: RegExp; rule?: string }>)[name];
    if (!field) return `${name}: not a field of the identity (${Object.keys(IDENTITY_FIELDS).join(", ")})`;
    if (value === null || value === undefined) continue;
    if (!field.list) {
      if (typeof value !== "string") return `${name}: must be a string or null`;
      if (value.length > IDENTITY_TEXT_MAX) return `${name}: at most ${IDENTITY_TEXT_MAX} characters`;
      continue;
    }
    if (!Array.isArray(value)) return `${name}: must be a list of strings, or null`;
    if (value.length > IDENTITY_LIST_MAX) return `${name}: at most ${IDENTITY_LIST_MAX} entries`;
    const bad = value.findIndex(
      (entry) => typeof entry !== "string" || entry.length > IDENTITY_TEXT_MAX || (field.pattern && entry.trim() !== "" && !field.pattern.test(entry.trim())),
    );
    if (bad < 0) continue;
    const entry: unknown = value[bad];
    if (typeof entry !== "string") return `${name}[${bad}]: ${quoted(entry)} must be a string`;
    if (entry.length > IDENTITY_TEXT_MAX) return `${name}[${bad}]: at most ${IDENTITY_TEXT_MAX} characters`;
    return `${name}[${bad}]: ${quoted(entry)} ${field.rule}`;
  }
  return null;
}
