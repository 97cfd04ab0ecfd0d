import { z } from "zod";
import { httpUrlSchema } from "@/lib/contract/common";

const sessionId = z.string().min(1).max(64);

/** POST /collect/live/events. rrweb events pass through untouched apart from their type and time. */
export const eventBatchRequestSchema = z.object({
  sessionId,
  seq: z.number().int().min(1),
  events: z.array(z.looseObject({ type: z.number().int(), timestamp: z.number() })).max(5000),
});

export const consentRequestSchema = z.object({ sessionId, accepted: z.boolean() });
export const stopRequestSchema = z.object({ sessionId });

const customMessage = z.string().min(1).max(4000);
/** POST /collect/live/message: the customer's page sends the agents a message of its own. */
export const customMessageRequestSchema = z.object({ sessionId, message: customMessage });

/** The stream of the visitor script: EventSource cannot send headers, so the credentials are in the query. */
export const visitorStreamQuerySchema = z.object({ visitorId: z.string().min(1).max(16), token: z.string().min(1).max(128) });

const coordinate = z.number().finite().min(-100_000).max(100_000);

/** POST /live/sessions/{id}/control: one use of an agent's tool. */
export const controlRequestSchema = z.discriminatedUnion("tool", [
  z.object({ tool: z.literal("pointer"), x: coordinate, y: coordinate }),
  z.object({ tool: z.literal("click"), id: z.number().int().min(0) }),
  z.object({ tool: z.literal("scroll"), dx: coordinate, dy: coordinate }),
  z.object({ tool: z.literal("type"), text: z.string().min(1).max(1000) }),
  z.object({ tool: z.literal("key"), key: z.enum(["Backspace", "Enter", "Tab"]) }),
  z.object({
    tool: z.literal("draw"),
    points: z
      .array(z.tuple([coordinate, coordinate]))
      .min(1)
      .max(500),
  }),
  z.object({ tool: z.literal("clear") }),
  z.object({ tool: z.literal("navigate"), url: httpUrlSchema.max(2048) }),
  z.object({ tool: z.literal("reload") }),
  z.object({ tool: z.literal("message"), message: customMessage }),
]);

export const sessionParamsSchema = z.object({ id: sessionId });
