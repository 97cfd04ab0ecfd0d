import { z } from "zod";
import { INTEGRATION_ID_PATTERN, INTEGRATION_ID_RULE, TAG_PATTERN, TAG_RULE } from "./identity-rules";

/** ISO 8601 with a zone (`Z` or `+02:00`); the hosted service sends UTC with milliseconds. */
export const datetimeSchema = z.iso.datetime({ offset: true }).describe("ISO 8601 datetime with offset");

/** The success marker every JSON answer carries. */
export const okStatus = z.literal("ok");

const NOT_FLAT = "must be a string, number or boolean";

/**
 * A flat JSON-encodable object (spec limit 4). The custom message lands on the offending key, so a
 * nested value reports path ["metadata", "plan"] with a message the caller can show as is.
 */
export const metadataSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()], { error: NOT_FLAT }))
  .describe("Flat object: values are strings, numbers or booleans only");

/** Only http(s): these URLs are opened by browsers or called by the server (no javascript:, file:…). */
export const httpUrlSchema = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

export const nonEmptyString = z.string().min(1, { error: "must not be empty" });

/** A tag as set by the visitor script: `#` then letters and dashes, e.g. `#vip`. */
export const tagSchema = z.string().regex(TAG_PATTERN, { error: TAG_RULE });

/** `<system>:<id>`, e.g. `acmechat:1234`; the system name is at least 3 lowercase letters. */
export const integrationIdSchema = z.string().regex(INTEGRATION_ID_PATTERN, { error: INTEGRATION_ID_RULE });

/** The agent a request acts for (watch link, on-prem token). */
export const agentRefSchema = z
  .object({ id: nonEmptyString.describe("Agent id"), name: nonEmptyString.describe("Agent name") })
  .describe("The agent the request is made for");

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, "");
}

/** zod's default texts say "Invalid input: expected string, received undefined"; a missing field reads better as "Required". */
function readableMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type" && /received undefined$/.test(issue.message)) return "Required";
  return issue.message.replace(/^Invalid input: /, "");
}

/**
 * One line for a 400 `invalid_request` message: the first issue, led by its dotted path
 * (`agent.id: Required`), plus a count of the others.
 */
export function formatZodIssue(error: z.ZodError): string {
  const [first, ...rest] = error.issues;
  if (!first) return "invalid request";
  const path = formatPath(first.path);
  const line = path ? `${path}: ${readableMessage(first)}` : readableMessage(first);
  const more = rest.length ? ` (and ${rest.length} more ${rest.length === 1 ? "issue" : "issues"})` : "";
  return `${line}${more}`.replace(/\s*\n\s*/g, " ");
}

export type Metadata = z.infer<typeof metadataSchema>;
export type AgentRef = z.infer<typeof agentRefSchema>;
