import { z } from "zod";
import { agentRefSchema, nonEmptyString, okStatus } from "./common";
import { watchUrlRequestSchema } from "./watch-link";

/** POST /v1.3/onpremise/token (cloud): authorizes one on-premise session. */
export const onpremTokenRequestSchema = z
  .object({
    visitor_id: nonEmptyString.describe("Id of the visitor to co-browse with"),
    agent: agentRefSchema,
  })
  .describe("On-premise session authorization request");

/** The spec lists only authorized and token; status is tolerated either way. */
export const onpremTokenResponseSchema = z.object({
  status: okStatus.optional(),
  authorized: z.boolean(),
  token: z.string().describe("Sent to the on-premise deployment as licenseToken"),
});

/**
 * POST {onprem_api_base}/visitors/{visitor_id}/watch_url: the cloud body's documented subset (no options,
 * initial_notes or webhook_url on premise) plus the licence token, with the same defaults.
 */
export const onpremWatchUrlRequestSchema = watchUrlRequestSchema
  .pick({ agent: true, branding: true, metadata: true, permissions: true, viewer: true })
  .extend({ licenseToken: nonEmptyString.describe("Token from POST /v1.3/onpremise/token") })
  .describe("On-premise watch link request");

export const onpremWatchUrlResponseSchema = z.object({
  status: okStatus,
  watch_url: z.url().describe("Secure watch URL; short-lived, do not store"),
});

/** GET {onprem_api_base}/visitors/list/search: same grammar as the cloud list's `search`. */
export const onpremSearchQuerySchema = z.object({
  q: z.string().optional().describe("Search query; empty lists the latest visitors"),
});

export type OnpremTokenRequest = z.infer<typeof onpremTokenRequestSchema>;
export type OnpremTokenRequestInput = z.input<typeof onpremTokenRequestSchema>;
export type OnpremTokenResponse = z.infer<typeof onpremTokenResponseSchema>;
export type OnpremWatchUrlRequest = z.infer<typeof onpremWatchUrlRequestSchema>;
export type OnpremWatchUrlRequestInput = z.input<typeof onpremWatchUrlRequestSchema>;
export type OnpremWatchUrlResponse = z.infer<typeof onpremWatchUrlResponseSchema>;
export type OnpremSearchQuery = z.infer<typeof onpremSearchQuerySchema>;
