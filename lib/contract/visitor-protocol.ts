import { z } from "zod";
import { okStatus } from "./common";
import { identitySchema } from "./identity";

/**
 * The visitor script's protocol (/collect): what a page of the customer's site sends about its visitor.
 * docs/visitor-protocol.md tells the story; these are the shapes.
 */

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

/** The visitor's credentials, kept by the script in the page's storage. */
export const visitorCredentialsSchema = z.object({ visitorId, token });

export const registerRequestSchema = z.object({
  publicKey: z.string().min(1).max(200).describe("The team's public key, from the snippet"),
  visitorId: visitorId.nullish().describe("Resume this visitor (with its token)"),
  token: token.nullish(),
  waitingForCall: z.boolean().optional().describe("The visitor asked for help on an earlier page and still waits"),
  registrationKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, "must be 16 to 64 letters, digits, - or _")
    .optional()
    .describe(
      "A new visitor's: a random key of this registration, the same when it is sent again (its answer lost), which then finds the visitor the first one made",
    ),
  scriptVersion: z
    .string()
    .max(64)
    .optional()
    .describe("The version of the visitor script on the page (`Tandem.version`): tells a page still running an older copy; not stored"),
  ...page,
});

/** What the script needs to record a page: the same for a page and for a frame of it. */
const recordingSettings = {
  maskingSelectors: z.array(z.string()),
  frameOrigins: z
    .array(z.string())
    .describe("The team's sites whose pages and frames share one session: a frame of one of them joins its page's session, a page shows their frames"),
  canvasCapture: z.boolean().describe("Send 2D canvases as images"),
};

export const registerResponseSchema = z.object({
  status: okStatus,
  visitorId,
  token: token.describe("The visitor's secret: new visitors get theirs here and only here"),
  lookupCode: z.string().nullable().describe("4 digits, null when none is free"),
  heartbeatSeconds: z.number().int().positive(),
  settings: z.object({
    requireAuthorization: z.boolean(),
    ...recordingSettings,
    urlRedactedParams: z
      .array(z.string())
      .describe("Query parameters whose names contain one of these have their values dropped from every URL the script sends"),
  }),
});

export const frameSettingsRequestSchema = z.object({ publicKey: registerRequestSchema.shape.publicKey });

/** A cross-origin frame's settings: it registers no visitor, it joins its page's (when that page is one of `frameOrigins`). */
export const frameSettingsResponseSchema = z.object({ status: okStatus, settings: z.object(recordingSettings) });

export const heartbeatResponseSchema = z.object({ status: okStatus, lookupCode: z.string().nullable() });

export const identifyRequestSchema = identitySchema;

export const pageviewRequestSchema = z.object(page);

/** Tandem.requestHelp() (waiting: true) and Tandem.cancelHelp() (false). */
export const helpRequestSchema = z.object({ waiting: z.boolean().describe("true: the visitor asks for help; false: takes it back") });

/** Empty with the X-Visitor-* headers; sendBeacon cannot send headers, so it puts them in the body. */
export const leaveRequestSchema = visitorCredentialsSchema.partial();

/** The answer of the visitor script's endpoints that return nothing else. */
export const okResponseSchema = z.object({ status: okStatus });

export type VisitorCredentials = z.infer<typeof visitorCredentialsSchema>;
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
export type FrameSettingsResponse = z.infer<typeof frameSettingsResponseSchema>;
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;
export type PageviewRequest = z.infer<typeof pageviewRequestSchema>;
export type HelpRequest = z.infer<typeof helpRequestSchema>;
