import { z } from "zod";
import { httpUrlSchema, okStatus } from "./common";
import { brandingSchema } from "./watch-link";

/** POST /v1.3/proxy_sessions. */
export const proxySessionRequestSchema = z
  .object({
    // The hosted service documents a default of its own; leaving it out lets the server pick it.
    initial_url: httpUrlSchema
      // `https://./` parses, but names no site: the proxy could not give it an address.
      .refine((url) => !/^\.{1,2}$/.test(URL.parse(url)?.hostname ?? ""), { error: "must name a host" })
      .optional()
      .describe("First URL the visitor is sent to"),
    allowed_domains: z
      .array(z.string().min(1, { error: "must not be empty" }))
      .min(1, { error: 'must list at least one domain ("*" allows all)' })
      .default(() => ["*"])
      .describe('Domains the visitor may visit; "*" means all'),
    branding: brandingSchema.pick({ retry_url: true }).prefault({}),
  })
  .describe("Proxy session request");

export const proxySessionResponseSchema = z.object({
  status: okStatus,
  proxy_url: z.url().describe("Starts the proxy session; short-lived, do not store"),
});

export type ProxySessionRequest = z.infer<typeof proxySessionRequestSchema>;
export type ProxySessionRequestInput = z.input<typeof proxySessionRequestSchema>;
export type ProxySessionResponse = z.infer<typeof proxySessionResponseSchema>;
