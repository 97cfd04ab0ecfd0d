import { z } from "zod";

/**
 * The embedded service's own admin API (outside the v1.3 paths): a team's settings and secret keys.
 * Only Tandem's embedded service has it; the console shows these settings only when connected to it.
 */
export const teamSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  public_key: z.string().describe("The key in the visitor script snippet (public)"),
  history_enabled: z.boolean(),
  require_authorization: z.boolean(),
  masking_selectors: z.array(z.string()),
  max_concurrent_sessions: z.number().int().min(0),
  proxy_enabled: z.boolean(),
  onprem_licensed: z.boolean(),
  recording_enabled: z.boolean(),
  recording_link_ttl_hours: z.number().int().min(1).max(720).describe("How long a recording link opens the replay after it is made"),
  url_redacted_params: z
    .array(z.string())
    .describe("Query parameters whose names contain one of these (case-insensitive) have their values dropped from every URL the visitor script sends"),
  embed_origins: z.array(z.string()).describe("Origins allowed to embed the watch page (naked and page_only embedding)"),
  frame_origins: z
    .array(z.string())
    .describe("The team's sites whose pages and cross-origin frames share one co-browsing session: a frame of one of them is shown inside its page"),
  canvas_capture_enabled: z.boolean().describe("Send 2D canvases to the agent as images (at most 4 per second and 512 kB per second a page)"),
  visitor_feedback_enabled: z.boolean().describe('Ask the visitor "How did this session go?" when a session that went live ends'),
  agent_hears_visitor: z
    .boolean()
    .describe("Calls start with the agent hearing the visitor: the default of `options.audio_muted` becomes false for watch links that leave it out"),
});

/** An origin as a browser sends it: scheme, host and port, nothing else. */
const originSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, "must be an origin such as https://support.example.com");

export const teamSettingsUpdateSchema = teamSettingsSchema
  .pick({
    name: true,
    domain: true,
    history_enabled: true,
    require_authorization: true,
    masking_selectors: true,
    max_concurrent_sessions: true,
    proxy_enabled: true,
    onprem_licensed: true,
    recording_enabled: true,
    recording_link_ttl_hours: true,
    canvas_capture_enabled: true,
    visitor_feedback_enabled: true,
    agent_hears_visitor: true,
  })
  .extend({
    name: z.string().trim().min(1).max(100),
    domain: z.string().trim().min(1).max(253),
    masking_selectors: z.array(z.string().trim().min(1).max(200)).max(50),
    max_concurrent_sessions: z.number().int().min(0).max(100_000),
    url_redacted_params: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[\w.[\]-]{1,100}$/, "must be a parameter name (letters, digits, . _ - [ ])"),
      )
      .max(100),
    embed_origins: z.array(originSchema).max(20),
    frame_origins: z.array(originSchema).max(20),
  })
  .partial()
  .strict();

export const teamSettingsResponseSchema = z.object({ status: z.literal("ok"), team: teamSettingsSchema });

/** `api` reaches the v1.3 endpoints; `admin` also the team's keys, webhook secret and settings. */
export const apiKeyScopeSchema = z.enum(["api", "admin"]);

export const apiKeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scope: apiKeyScopeSchema,
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
  revoked_at: z.iso.datetime({ offset: true }).nullable(),
});

export const apiKeyListResponseSchema = z.object({ status: z.literal("ok"), keys: z.array(apiKeySummarySchema) });
export const apiKeyCreateRequestSchema = z.object({ name: z.string().trim().min(1).max(100), scope: apiKeyScopeSchema.default("api") });
/** The new key's secret is in this answer and nowhere else, ever. */
export const apiKeyCreateResponseSchema = z.object({ status: z.literal("ok"), key: apiKeySummarySchema.extend({ secret: z.string() }) });

export const webhookSecretResponseSchema = z.object({ status: z.literal("ok"), secret: z.string().min(1) });

export type TeamSettings = z.infer<typeof teamSettingsSchema>;
export type TeamSettingsUpdate = z.infer<typeof teamSettingsUpdateSchema>;
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;
