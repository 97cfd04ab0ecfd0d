import { z } from "zod";

/**
 * HTTP status of every error code the API answers: the one table, for the service that throws a code
 * and for the documents that list them. The codes of the spec's errors are partly *assumed*
 * (compatibility notes): consumers key on the HTTP status, never on the code alone.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_api_key: 401,
  no_subscription: 401,
  api_not_enabled: 401,
  please_contact_team: 401,
  // Not in the spec: the visitor script's and the watch page's own credentials.
  invalid_visitor_token: 401,
  invalid_viewer_token: 401,
  // Not in the spec: a helpdesk's signed request (Intercom's X-Body-Signature) whose signature is wrong or missing.
  invalid_signature: 401,
  subscription_limit: 402,
  proxy_not_enabled: 402,
  not_authorized: 402,
  // Not in the spec: what a live session refuses (another session's credential, a tool the link does not
  // allow, a page sent before the visitor consented).
  forbidden: 403,
  permission_denied: 403,
  consent_required: 403,
  visitor_not_found: 404,
  agent_not_found: 404,
  // Not in the spec: Tandem's session endpoints (GET, PATCH /v1.3/sessions/{session_id}).
  session_not_found: 404,
  not_found: 404,
  // Not in the spec: a path of the proxy's own asked with another method.
  method_not_allowed: 405,
  visitor_online: 409,
  key_in_use: 409,
  session_ended: 409,
  // Not in the spec: the relay holds as much of the visitor's page as it may; only a full snapshot is taken.
  snapshot_required: 409,
  // Not in the spec: feedback on a session is given once it has ended, once by each agent and by the visitor.
  session_ongoing: 409,
  feedback_sent: 409,
  payload_too_large: 413,
  rate_limited: 429,
  // Not in the spec: what the embedded service answers when it fails itself, or is stopping.
  internal_error: 500,
  unavailable: 503,
  draining: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** `ERROR_CODES.visitor_not_found === "visitor_not_found"`: typo-proof code constants. */
export const ERROR_CODES = Object.fromEntries(Object.keys(ERROR_STATUS).map((code) => [code, code])) as {
  readonly [C in ErrorCode]: C;
};

export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** `error` stays a free string: a server may send codes this list does not know. */
export const errorEnvelopeSchema = z
  .object({
    status: z.literal("error"),
    error: z.string().min(1).describe("Error code, e.g. visitor_not_found"),
    message: z.string().optional().describe("Human-readable detail; for invalid_request it names the field"),
  })
  .describe("Error answer of every endpoint");

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
