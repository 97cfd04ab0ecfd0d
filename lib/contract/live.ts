import { z } from "zod";
import { httpUrlSchema, okStatus } from "./common";
import { AGENT_NOTES_MAX_LENGTH, FEEDBACK_COMMENT_MAX_LENGTH } from "./agent";
import { brandingSchema, permissionsSchema } from "./watch-link";
import { consoleEntrySchema } from "./remote-console";
import { callToAgentSchema, callToVisitorSchema } from "./call";

/**
 * The messages of a live co-browsing session, shared by the service, the visitor script (lib/visitor)
 * and the agent's watch page, so all three agree on one shape. The browser code imports their types
 * only; the service parses them.
 */

/** An rrweb event as it travels: only `type` and `timestamp` matter to the relay; the rest passes untouched. */
export const recordedEventSchema = z.looseObject({ type: z.number().int(), timestamp: z.number() }).describe("rrweb event");

/** rrweb's EventType values the relay looks at. */
export const EVENT_TYPE = { fullSnapshot: 2, incremental: 3, meta: 4 } as const;

/** A batch of the visitor's events, numbered 1, 2, 3… per recording (a page load starts again at 1). */
export const eventBatchSchema = z.object({
  seq: z.number().int().min(1),
  events: z.array(recordedEventSchema).max(5000),
});

export const visitorStatusSchema = z.enum(["waiting", "awaiting_authorization", "live", "disconnected", "ended"]);

const coordinate = z.number().finite().min(-100_000).max(100_000);
const customMessage = z.string().min(1).max(4000);
/** The modifier keys held during a key press or click. */
const keyModifiers = {
  ctrlKey: z.boolean().optional(),
  shiftKey: z.boolean().optional(),
  altKey: z.boolean().optional(),
  metaKey: z.boolean().optional(),
};

/** What an agent's tool asks of the visitor's page. Coordinates are the visitor's viewport pixels. */
export const controlMessageSchema = z
  .discriminatedUnion("tool", [
    z.object({ tool: z.literal("pointer"), x: coordinate, y: coordinate }),
    z
      .object({
        tool: z.literal("click"),
        id: z.number().int().min(0).describe("rrweb node id"),
        x: coordinate.optional(),
        y: coordinate.optional(),
        button: z.enum(["left", "middle", "right"]).optional().describe("Default left; right opens the page's context menu"),
        count: z.number().int().min(1).max(3).optional().describe("The click's number in a quick series: 2 is a double-click"),
        ...keyModifiers,
      })
      .describe("A click on the node, at (x, y) when given (else its centre)"),
    z
      .object({ tool: z.literal("hover"), x: coordinate, y: coordinate })
      .describe("The mouse moved to (x, y): the page gets the over/enter/move/out/leave events a hand's mouse fires"),
    z
      .object({ tool: z.literal("drag"), phase: z.enum(["start", "move", "end"]), x: coordinate, y: coordinate })
      .describe("One step of a press-move-release with the left button; never a click where it ends"),
    z
      .object({ tool: z.literal("scroll"), dx: coordinate, dy: coordinate, x: coordinate.optional(), y: coordinate.optional() })
      .describe("A wheel turned at (x, y) when given: it scrolls what is under the pointer (else the window)"),
    z
      .object({
        tool: z.literal("type"),
        text: z.string().min(1).max(1000),
        paste: z.boolean().optional(),
        composition: z.boolean().optional().describe("Composed with an input method: one insertion inside composition events, no keys"),
      })
      .describe("Characters typed in order, each a key press; with `paste`, one insertion as a paste makes"),
    z
      .object({
        tool: z.literal("key"),
        key: z.string().min(1).max(32).describe('A KeyboardEvent key value: "Enter", "ArrowLeft", "a"'),
        code: z.string().max(32).optional().describe('A KeyboardEvent code value: "KeyA"'),
        ...keyModifiers,
      })
      .describe("One key pressed and released, with the modifiers held"),
    z
      .object({
        tool: z.literal("draw"),
        points: z
          .array(z.tuple([coordinate, coordinate]))
          .min(1)
          .max(500),
      })
      .describe("One piece of a stroke; a stroke's next piece starts at this one's last point"),
    z.object({ tool: z.literal("clear") }).describe("Removes the agents' drawings"),
    z.object({ tool: z.literal("navigate"), url: httpUrlSchema.max(2048) }),
    z.object({ tool: z.literal("reload") }),
    z.object({ tool: z.literal("message"), message: customMessage }).describe('For the customer\'s page: Tandem.on("custom_message")'),
    z
      .object({
        tool: z.literal("select"),
        id: z.number().int().min(0).describe("rrweb node id of a <select>"),
        value: z
          .union([z.string().max(1000), z.array(z.string().max(1000)).max(500)])
          .describe("An option's value (or label); for a <select multiple>, the list of all options to have selected"),
      })
      .describe("Chooses the option with this value (or label) in a list, or the options of a list that allows several"),
    z
      .object({ tool: z.literal("highlight"), id: z.number().int().min(0).describe("rrweb node id"), outline: z.boolean() })
      .describe("Points at the node; with `outline`, also draws a box around it"),
  ])
  .describe("One use of an agent's tool");

/** Service → agent's watch page (Server-Sent Events). */
export const agentMessageSchema = z
  .discriminatedUnion("type", [
    z
      .object({ type: z.literal("events"), seq: z.number().int(), reset: z.boolean(), events: z.array(recordedEventSchema) })
      .describe("`seq` counts messages of events; `reset`: the events start with a full snapshot (drop the old page)"),
    z
      .object({ type: z.literal("status"), status: visitorStatusSchema, agents: z.array(z.string()), online: z.boolean().optional() })
      .describe("`online`: the visitor's page is connected to the service now"),
    z.object({ type: z.literal("ended"), reason: z.string() }),
    z.object({ type: z.literal("custom"), message: z.string() }).describe("From the customer's page (Tandem.sendCustomMessage)"),
    z.object({ type: z.literal("token"), token: z.string() }).describe("A fresh viewer credential: the previous one expires soon"),
    z
      .object({ type: z.literal("console"), entries: z.array(consoleEntrySchema), dropped: z.number().int() })
      .describe("The visitor page's console output (`permissions.allow_console`); `dropped`: messages left out over the caps"),
    z.object({ type: z.literal("call"), call: callToAgentSchema }).describe("The voice call's signalling, from the visitor (lib/contract/call.ts)"),
  ])
  .describe("A message of the watch page's stream");

/** Service → visitor's page (Server-Sent Events of the visitor script). */
export const visitorMessageSchema = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("session"),
      sessionId: z.string(),
      agentName: z.string(),
      permissions: z.record(z.string(), z.boolean()),
      needsConsent: z.boolean().describe("Ask the visitor before anything of the page is sent"),
    }),
    z.object({ type: z.literal("snapshot"), sessionId: z.string() }),
    z.object({ type: z.literal("control"), sessionId: z.string(), control: controlMessageSchema }),
    z.object({
      type: z.literal("ended"),
      sessionId: z.string(),
      reason: z.string(),
      askFeedback: z.boolean().optional().describe("Ask the visitor how the session went (the team's setting)"),
    }),
    z
      .object({ type: z.literal("call"), sessionId: z.string(), call: callToVisitorSchema })
      .describe("The voice call's signalling, from the agent (lib/contract/call.ts)"),
  ])
  .describe("A message of the visitor script's stream");

const sessionId = z.string().min(1).max(64);

/** POST /collect/live/events. */
export const eventBatchRequestSchema = eventBatchSchema.extend({ sessionId });
export const eventBatchResponseSchema = z.object({
  status: okStatus,
  accepted: z.boolean().describe("False: the batch does not follow the previous one and was dropped"),
  snapshot: z.boolean().describe("Send a fresh full snapshot"),
});

export const consentRequestSchema = z.object({ sessionId, accepted: z.boolean() });
export const stopRequestSchema = z.object({ sessionId });
/** POST /collect/live/message: the customer's page sends the agents a message of its own. */
export const customMessageRequestSchema = z.object({ sessionId, message: customMessage });

/** An answer to "How did this session go?": a rating of 1 to 5 and an optional comment. */
export const feedbackAnswerSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().trim().max(FEEDBACK_COMMENT_MAX_LENGTH).nullish().describe("Optional; blank is none"),
});
/** POST /collect/live/feedback: the visitor's answer, once the session has ended. */
export const visitorFeedbackRequestSchema = feedbackAnswerSchema.extend({ sessionId });

/** POST /live/sessions/{id}/notes: the agent's notes as they stand (the whole text each time). */
export const agentNotesRequestSchema = z.object({ notes: z.string().max(AGENT_NOTES_MAX_LENGTH) });

export const sessionParamsSchema = z.object({ id: sessionId.describe("The session's id") });

/** What the watch page shows of a session: who is there, what the link allows, and a fresh viewer token. */
export const watchSessionSchema = z.object({
  sessionId: z.string(),
  visitorId: z.string(),
  visitorName: z.string().nullable().describe("The name the visitor gave (identify's callName, else their first identity); null when anonymous"),
  status: visitorStatusSchema,
  endReason: z.string().nullable(),
  startedAt: z.string().describe("When the session started (ISO 8601)"),
  endedAt: z.string().nullable(),
  agents: z.array(z.string()),
  tools: z
    .array(z.enum(controlMessageSchema.options.map((option) => option.shape.tool.value) as [Tool, ...Tool[]]))
    .describe("The tools the watch link allows"),
  permissions: permissionsSchema,
  branding: brandingSchema,
  notes: z.string().describe("The agents' notes as last saved (the link's initial_notes until then)"),
  feedbackSent: z.boolean().describe('This agent has answered "How did this session go?"'),
  token: z.string().describe("A fresh viewer token: the previous one expires soon"),
});
export const watchSessionResponseSchema = z.object({ status: okStatus, session: watchSessionSchema });

/** A recording's replay: what the page heads it with, and its events. Only an ended session has one. */
export const recordingEventsResponseSchema = z.object({
  status: okStatus,
  visitorId: z.string(),
  startedAt: z.string(),
  events: z.array(recordedEventSchema),
});

export type FeedbackAnswer = z.infer<typeof feedbackAnswerSchema>;
export type RecordedEvent = z.infer<typeof recordedEventSchema>;
export type EventBatch = z.infer<typeof eventBatchSchema>;
export type VisitorStatus = z.infer<typeof visitorStatusSchema>;
export type ControlMessage = z.infer<typeof controlMessageSchema>;
export type Tool = ControlMessage["tool"];
export type WatchSession = z.infer<typeof watchSessionSchema>;
export type AgentMessage = z.infer<typeof agentMessageSchema>;
export type VisitorMessage = z.infer<typeof visitorMessageSchema>;
export type EventBatchAnswer = z.infer<typeof eventBatchResponseSchema>;
