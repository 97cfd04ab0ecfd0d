import { z } from "zod";
import { datetimeSchema, metadataSchema, okStatus } from "./common";
import { sessionEventSchema } from "./session-timeline";

const seconds = z.number().int().min(0);

/** An agent as listed in a Session's `agents`. */
export const agentSummarySchema = z
  .object({
    id: z.string(),
    agent_nickname: z.string(),
    email: z.string(),
    external_id: z.string().nullable(),
    name: z.string(),
    on_premise: z.boolean(),
    _type: z.string().describe("'user' for Users"),
  })
  .describe("Agent summary");

/** The longest notes an agent may keep with a session, and the longest feedback comment. */
export const AGENT_NOTES_MAX_LENGTH = 20_000;
export const FEEDBACK_COMMENT_MAX_LENGTH = 2_000;

/** One answer to "How did this session go?", from an agent of the session or from its visitor. */
export const qualityFeedbackSchema = z
  .object({
    from: z.enum(["agent", "visitor"]),
    rating: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    created_at: datetimeSchema,
    agent_id: z
      .string()
      .nullable()
      .optional()
      .describe("Tandem's extension: on an agent's answer, which of the Session's agents gave it (their id in `agents`); null on the visitor's"),
  })
  .describe("Quality feedback entry");

/** A Session as embedded in an Agent (and in a Visitor, and posted to webhook_url). */
export const sessionSchema = z
  .object({
    id: z.string().describe("Prefix style 's_'"),
    agents: z.array(agentSummarySchema),
    call_length_seconds: seconds,
    call_name: z.string().nullable(),
    // The spec types it as a datetime; an ongoing session has not ended yet, so null is accepted.
    ended_at: datetimeSchema.nullable(),
    started_at: datetimeSchema,
    features_used: z.array(z.string()).describe("Observed values: click, scroll, remote_cursor"),
    formatted_call_length: z.string(),
    formatted_length: z.string(),
    length_seconds: seconds,
    on_premise: z.boolean(),
    public_video_url: z.string().nullable(),
    video_url: z.string().nullable(),
    video_status: z.string().nullable(),
    quality_feedback: z.array(qualityFeedbackSchema).describe("One entry per answer to \"How did this session go?\": each agent's and the visitor's"),
    agent_notes: z
      .string()
      .nullable()
      .optional()
      .describe("Tandem's extension: the agents' notes from the watch page (seeded with the watch link's initial_notes); null when there are none"),
    end_reason: z
      .string()
      .nullable()
      .optional()
      .describe(
        "Tandem's extension: how the session ended: agent, visitor (stopped), declined (the consent prompt), api, agent_left (timed out), visitor_deleted; null while it goes on",
      ),
    session_authorized: z.boolean().describe("The visitor accepted the consent prompt"),
    source: z.string(),
    team: z.object({ id: z.string(), domain: z.string(), _type: z.literal("team") }),
    visitor_id: z.string(),
    went_live: z.boolean(),
    metadata: metadataSchema.optional().describe("The watch link request's metadata"),
    timeline: z
      .array(sessionEventSchema)
      .optional()
      .describe("Tandem's extension, on GET /v1.3/sessions/{session_id} only: what happened in the session, oldest first"),
    _type: z.literal("session"),
  })
  .describe("Co-browsing session");

/** An Agent as returned by Agent lookup. */
export const agentSchema = z
  .object({
    id: z.string().describe("Prefix style such as 'u_'"),
    agent_nickname: z.string(),
    created_at: datetimeSchema,
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    name: z.string(),
    from_oauth: z.boolean(),
    last_request_at: datetimeSchema,
    live_support: z.boolean(),
    mfa_enabled: z.boolean(),
    password: z.boolean().describe("The user has a password"),
    phone_number: z.string().nullable(),
    signup_hours_offset: z.number().int(),
    timezone: z.string().nullable(),
    _type: z.string().describe("'user' for Users"),
    sessions: z.array(sessionSchema),
  })
  .describe("Agent (User or External Agent)");

const lookupKey = z.string().min(1, { error: "must not be empty" });

/**
 * GET /v1.3/agents/lookup: one of email / external_id. Both → invalid (the spec leaves it open; guessing
 * which one wins would hide a caller bug). Neither, or only other parameters, finds no agent (404), as
 * the API documents: that is the lookup's answer, not a malformed request.
 */
export const agentLookupQuerySchema = z
  .object({
    email: lookupKey.optional().describe("Looks up a User by email"),
    external_id: lookupKey.optional().describe("Looks up an External Agent by its external id"),
  })
  .refine((query) => query.email === undefined || query.external_id === undefined, {
    error: "send either email or external_id, not both",
  });

export const agentLookupResponseSchema = z.object({ status: okStatus, agent: agentSchema });

export type AgentSummary = z.infer<typeof agentSummarySchema>;
export type Session = z.infer<typeof sessionSchema>;
export type QualityFeedback = z.infer<typeof qualityFeedbackSchema>;
export type Agent = z.infer<typeof agentSchema>;
export type AgentLookupQuery = z.infer<typeof agentLookupQuerySchema>;
export type AgentLookupResponse = z.infer<typeof agentLookupResponseSchema>;
