import { z } from "zod";

/**
 * Intercom's Canvas Kit, as far as Tandem's inbox app reads and answers it (Intercom's published
 * request and response objects). Intercom sends more fields; they are let through unread.
 */
const intercomContactSchema = z.looseObject({
  id: z.string().max(200).optional(),
  external_id: z.string().max(200).nullish(),
  email: z.string().max(320).nullish(),
  name: z.string().max(400).nullish(),
});

const canvasRequestFields = {
  workspace_id: z.string().max(200).optional(),
  admin: z.looseObject({ id: z.string().max(200).optional(), name: z.string().max(400).nullish(), email: z.string().max(320).nullish() }).optional(),
  /** The conversation's contact, in the Inbox (`customer` is Intercom's older name for it). */
  contact: intercomContactSchema.nullish(),
  customer: intercomContactSchema.nullish(),
};

/** POST /integrations/intercom/initialize: the teammate opened the app in a conversation's details. */
export const intercomInitializeRequestSchema = z.looseObject(canvasRequestFields);

/** POST /integrations/intercom/submit: the teammate pressed a button of the canvas. */
export const intercomSubmitRequestSchema = z.looseObject({
  ...canvasRequestFields,
  component_id: z.string().max(200),
});

const textComponent = z.object({ type: z.literal("text"), text: z.string(), style: z.enum(["header", "paragraph", "muted", "error"]).optional() });
const action = z.discriminatedUnion("type", [z.object({ type: z.literal("submit") }), z.object({ type: z.literal("url"), url: z.url() })]);
const buttonComponent = z.object({
  type: z.literal("button"),
  id: z.string(),
  label: z.string(),
  style: z.enum(["primary", "secondary", "link"]).optional(),
  disabled: z.boolean().optional(),
  action,
});
const listItem = z.object({
  type: z.literal("item"),
  id: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  tertiary_text: z.string().optional(),
});
const listComponent = z.object({ type: z.literal("list"), items: z.array(listItem) });
const dividerComponent = z.object({ type: z.literal("divider") });

export const canvasComponentSchema = z.discriminatedUnion("type", [textComponent, buttonComponent, listComponent, dividerComponent]);

/** What both endpoints answer: a canvas of components (no `status`: Intercom reads the canvas alone). */
export const canvasResponseSchema = z.object({
  canvas: z.object({ content: z.object({ components: z.array(canvasComponentSchema) }), stored_data: z.record(z.string(), z.string()).optional() }),
});

export type IntercomInitializeRequest = z.infer<typeof intercomInitializeRequestSchema>;
export type IntercomSubmitRequest = z.infer<typeof intercomSubmitRequestSchema>;
export type CanvasComponent = z.infer<typeof canvasComponentSchema>;
export type CanvasResponse = z.infer<typeof canvasResponseSchema>;
