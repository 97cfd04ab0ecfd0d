import { z } from "zod";
import { sessionSchema } from "./agent";
import { datetimeSchema, integrationIdSchema, okStatus, tagSchema } from "./common";
import { pageviewSchema } from "./pageview";

/** Why a search found the visitor: Tandem's extension of the search results. */
export const searchMatchSchema = z
  .object({
    fields: z
      .array(z.string())
      .describe("The Visitor fields the search matched, e.g. call_name, email, last_url, last_title, location_city, browser_name, tags"),
    typo: z.boolean().describe("Found through a typo'd word (one edit from 4 letters, two from 8), ranked after exact matches"),
  })
  .describe("SearchMatch");

export const DEVICE_TYPES = ["desktop", "console", "mobile", "tablet", "smarttv", "wearable", "embedded"] as const;
export const deviceTypeSchema = z.enum(DEVICE_TYPES);

/**
 * The Visitor of the compatibility notes. Only short_id is required: the hosted service may leave any
 * other field out, and the console must still show the visitor.
 */
export const visitorSchema = z
  .object({
    short_id: z.string().min(1).describe("The id used in paths"),
    added_at: datetimeSchema.optional(),
    last_seen_at: datetimeSchema.optional(),
    api_key: z.string().optional().describe("The account's public key (visitor script snippet)"),
    browser_name: z.string().nullish(),
    device_name: z.string().nullish(),
    device_type: deviceTypeSchema.nullish(),
    call_name: z.string().nullish().describe("Display name given through the visitor script"),
    email: z.string().nullish(),
    identities: z.array(z.string()).optional().describe("e.g. name, email"),
    unique_id: z.string().nullish().describe("The customer's own user id"),
    tags: z.array(tagSchema).optional(),
    integration_ids: z.array(integrationIdSchema).optional(),
    integration: z.string().nullish().describe("A detected live-chat system"),
    ip_address: z.string().optional(),
    location_city: z.string().nullish(),
    location_country_name: z.string().nullish(),
    location_country: z.string().nullish(),
    lookup_code: z
      .string()
      .regex(/^\d{4}$/, { error: "must be 4 digits" })
      .nullish(),
    last_url: z.string().optional(),
    last_title: z.string().nullish().describe("Title of the page at last_url (Tandem's; the hosted service may leave it out)"),
    is_online: z.boolean().optional(),
    is_in_session: z.boolean().optional(),
    is_supported: z.boolean().optional(),
    is_waiting_for_call: z.boolean().optional(),
    waiting_since: datetimeSchema.nullish().describe("When a visitor waiting for a call first asked (Tandem's; the hosted service may leave it out)"),
    js_configuration: z.boolean().optional(),
    history: z.array(pageviewSchema).optional().describe("Only with with_history=true and history collection on"),
    sessions: z.array(sessionSchema).optional(),
    search_match: searchMatchSchema.optional().describe("In search results (Tandem's; the hosted service may leave it out): why the search found the visitor"),
    _type: z.literal("visitor").optional(),
  })
  .describe("Visitor");

/** The `{visitor_id}` path segment. */
export const visitorParamsSchema = z.object({ visitor_id: z.string().min(1).max(64).describe("The visitor's short id") });

export const visitorResponseSchema = z.object({ status: okStatus, visitor: visitorSchema });

/** GET /v1.3/list. Query strings are strings, hence the coercion of max_results. */
export const listVisitorsQuerySchema = z.object({
  search: z.string().optional().describe("Search query; empty lists the latest visitors"),
  max_results: z.coerce
    .number({ error: "must be a positive integer" })
    .int({ error: "must be a positive integer" })
    .positive({ error: "must be a positive integer" })
    .optional(),
});

export const listVisitorsResponseSchema = z.object({ status: okStatus, visitors: z.array(visitorSchema) });

/** GET /v1.3/visitors/{id}. Only these spellings: "yes"/"on" are not booleans of this API. */
export const getVisitorQuerySchema = z.object({
  with_history: z
    .stringbool({ truthy: ["true", "1"], falsy: ["false", "0"], error: 'must be "true", "false", "1" or "0"' })
    .default(false)
    .describe("Include pageviews (history collection must be on)"),
});

export type DeviceType = z.infer<typeof deviceTypeSchema>;
export type Visitor = z.infer<typeof visitorSchema>;
export type VisitorResponse = z.infer<typeof visitorResponseSchema>;
export type ListVisitorsQuery = z.infer<typeof listVisitorsQuerySchema>;
export type ListVisitorsResponse = z.infer<typeof listVisitorsResponseSchema>;
export type GetVisitorQuery = z.infer<typeof getVisitorQuerySchema>;
