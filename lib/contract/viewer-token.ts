import { z } from "zod";
import { agentRefSchema, okStatus } from "./common";
import { watchUrlRequestSchema } from "./watch-link";

/** How long a v1.4 viewer token may wait for its viewer: it starts one viewer, once, within this. */
export const VIEWER_TOKEN_TTL_SECONDS = 10 * 60;

/** POST /v1.4/visitors/{visitor_id}/viewer_token: the viewer is the session's agent. */
export const viewerTokenRequestSchema = z
  .object({
    viewer: agentRefSchema.describe("Who will watch: the session's agent, matched by id like a watch link's agent"),
    permissions: watchUrlRequestSchema.shape.permissions,
  })
  .describe("Viewer token request");

export const viewerTokenResponseSchema = z.object({
  status: okStatus,
  token: z.string().describe("Starts one viewer of the session, once, within 10 minutes; hand it to the browser right before mounting"),
  endpoint: z.url().describe("Tandem's origin: where the viewer (viewer.js) is served and connects"),
  region: z.string().describe("Where the session is served: `self-hosted` for Tandem's own service"),
  short_id: z.string().describe("The visitor's id"),
  session_id: z.string().describe("The session the request created"),
});

/** POST /live/viewer-tokens/redeem: the embedded viewer spends its token, naming the page it is shown on. */
export const redeemViewerTokenRequestSchema = z.object({
  host_origin: z
    .string()
    .max(2048)
    .describe("The origin of the page that mounted the viewer, as its browser told the viewer's frame; must be one of the team's embed origins"),
});

export type ViewerTokenRequest = z.infer<typeof viewerTokenRequestSchema>;
export type ViewerTokenResponse = z.infer<typeof viewerTokenResponseSchema>;
