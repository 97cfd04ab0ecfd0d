import { z } from "zod";
import { datetimeSchema } from "./common";

/**
 * What happened in a session, in order: the agent asked to co-browse, the visitor accepted (or declined),
 * the page reached the agent, each voice call's steps, and the end. Tandem's extension of the Session.
 */
export const SESSION_EVENTS = ["asked", "accepted", "declined", "live", "call_started", "call_accepted", "call_declined", "call_ended", "ended"] as const;

export const sessionActorSchema = z
  .object({
    kind: z.enum(["agent", "visitor", "api_key", "service"]),
    name: z.string().nullable().describe("The agent's or the API key's name; null for the visitor and the service"),
  })
  .describe("Who did it");

export const sessionEventSchema = z
  .object({
    at: datetimeSchema,
    event: z.enum(SESSION_EVENTS),
    by: sessionActorSchema,
    end_reason: z.string().nullable().optional().describe("On `ended`: the Session's end_reason"),
    seconds: z.number().int().min(0).optional().describe("On `call_ended`: how long the call lasted"),
  })
  .describe("Session event");

export type SessionEvent = z.infer<typeof sessionEventSchema>;
export type SessionActor = z.infer<typeof sessionActorSchema>;
