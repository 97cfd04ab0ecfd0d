import { z } from "zod";
import { AGENT_NOTES_MAX_LENGTH, sessionSchema } from "./agent";
import { nonEmptyString, okStatus } from "./common";
import { feedbackAnswerSchema } from "./live";

/**
 * Tandem's own endpoints of one Session (an extension of v1.3; the hosted API has none): read it with its
 * timeline, change its notes after it ended, and give an agent's rating from outside the watch page.
 */
export const sessionIdParamsSchema = z.object({ session_id: z.string().min(1).max(64).describe("The session's id, `s_…`") });

export const sessionResponseSchema = z.object({ status: okStatus, session: sessionSchema });

/** PATCH: only the notes change; null (or blank) clears them. */
export const sessionUpdateSchema = z
  .object({ agent_notes: z.string().max(AGENT_NOTES_MAX_LENGTH).nullable().describe("The whole text of the notes") })
  .strict()
  .describe("Session update");

/** POST …/feedback: an agent of the session answers "How did this session go?", once. */
export const sessionFeedbackRequestSchema = feedbackAnswerSchema
  .extend({
    agent_id: nonEmptyString.max(200).describe("The agent answering: the `agent.id` their watch link named, or their id in the Session's `agents`"),
  })
  .describe("An agent's feedback");

export type SessionUpdate = z.infer<typeof sessionUpdateSchema>;
export type SessionFeedbackRequest = z.infer<typeof sessionFeedbackRequestSchema>;
export type SessionFeedbackRequestInput = z.input<typeof sessionFeedbackRequestSchema>;
