import { z } from "zod";
import { agentRefSchema, datetimeSchema, httpUrlSchema, metadataSchema, nonEmptyString, okStatus } from "./common";

/**
 * Field defaults live here so forms can `.pick`/`.extend` these objects; requests wrap them in
 * `.prefault({})` so a missing object comes out filled with the defaults.
 */
export const brandingSchema = z
  .object({
    naked: z
      .union([z.boolean(), z.literal("page_only")], { error: 'must be true, false or "page_only"' })
      .default(false)
      .describe('true hides the logo (iframe); "page_only" also hides the agent UI (postMessage control)'),
    on_end_url: httpUrlSchema.nullable().default(null).describe("Where the agent goes after the session; null closes the window"),
    retry_url: httpUrlSchema.nullable().default(null).describe("Target of the visitor's 'Retry now' link; null shows none"),
  })
  .describe("Branding");

const allowed = (description: string) => z.boolean().default(true).describe(description);

export const permissionsSchema = z
  .object({
    allow_agent_redirect: allowed("Remote agent redirect and reload"),
    allow_audio: allowed("Audio"),
    allow_click: allowed("Remote click"),
    allow_console: z.boolean().default(false).describe("Remote console"),
    allow_draw: allowed("Drawing"),
    allow_scroll: allowed("Remote scroll"),
    allow_type: allowed("Remote type"),
  })
  .describe("Permissions (the visitor's Javascript SDK may still disable them)");

export const optionsSchema = z.object({
  audio_muted: z
    .boolean()
    .optional()
    .describe("Audio between agent and visitor muted for the agent. Default true; Tandem: false when the team's `agent_hears_visitor` setting is on"),
});

export const viewerSchema = z.object({ id: nonEmptyString, name: nonEmptyString }).describe("The viewer, when it is not the agent");

/** POST /v1.3/visitors/{visitor_id}/watch_url. Parse it: the output has every default applied. */
export const watchUrlRequestSchema = z
  .object({
    agent: agentRefSchema,
    branding: brandingSchema.prefault({}),
    initial_notes: z.string().optional().describe("Starting state of the agent notes"),
    metadata: metadataSchema.optional().describe("Added to the Session object"),
    permissions: permissionsSchema.prefault({}),
    options: optionsSchema.prefault({}),
    viewer: viewerSchema.optional(),
    webhook_url: httpUrlSchema.optional().describe("Receives a POST with the Session data when the session ends"),
  })
  .describe("Secure watch link request");

export const watchUrlResponseSchema = z.object({
  status: okStatus,
  watch_url: z.url().describe("Secure watch URL; short-lived, do not store"),
  expiration: datetimeSchema.describe("The link is invalid after this time"),
});

export type Branding = z.infer<typeof brandingSchema>;
export type Permissions = z.infer<typeof permissionsSchema>;
export type WatchOptions = z.infer<typeof optionsSchema>;
export type Viewer = z.infer<typeof viewerSchema>;
export type WatchUrlRequest = z.infer<typeof watchUrlRequestSchema>;
export type WatchUrlRequestInput = z.input<typeof watchUrlRequestSchema>;
export type WatchUrlResponse = z.infer<typeof watchUrlResponseSchema>;
