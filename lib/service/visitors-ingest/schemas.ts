import { z } from "zod";
import { identitySchema } from "@/lib/contract";

// Only http(s) pages can load the visitor script; anything else in these fields is junk or an attack.
const pageUrl = z.url({ protocol: /^https?$/ }).max(2048);
const visitorId = z.string().min(1).max(32);
const token = z.string().min(1).max(200);

const page = {
  url: pageUrl,
  title: z.string().max(512).nullish().describe("document.title, truncated to 512 characters by the script"),
  // document.referrer is "" when there is none.
  referrer: z.union([pageUrl, z.literal("")]).nullish(),
};

export const registerRequestSchema = z.object({
  publicKey: z.string().min(1).max(200),
  visitorId: visitorId.nullish(),
  token: token.nullish(),
  ...page,
});

export const identifyRequestSchema = identitySchema;

export const pageviewRequestSchema = z.object(page);

/** Empty with the X-Visitor-* headers; sendBeacon cannot send headers, so it puts them in the body. */
export const leaveRequestSchema = z.object({ visitorId: visitorId.optional(), token: token.optional() });

export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type PageviewRequest = z.infer<typeof pageviewRequestSchema>;
