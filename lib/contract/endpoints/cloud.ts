import { agentLookupQuerySchema, agentLookupResponseSchema } from "../agent";
import { endpointGroup } from "../endpoint";
import { onpremTokenRequestSchema, onpremTokenResponseSchema } from "../onprem";
import { THIS_DOCUMENT } from "../openapi-document";
import { proxySessionRequestSchema, proxySessionResponseSchema } from "../proxy-session";
import { purgeVisitorsQuerySchema } from "../purge-visitors";
import { usageResponseSchema } from "../usage";
import { getVisitorQuerySchema, listVisitorsQuerySchema, listVisitorsResponseSchema, visitorParamsSchema, visitorResponseSchema } from "../visitor";
import { watchUrlRequestSchema, watchUrlResponseSchema } from "../watch-link";

/** The cloud API, v1.3 (spec/cobrowse-rest-api.md). */
export const cloudEndpoints = endpointGroup(
  { group: "v1.3", auth: "api-key" },
  {
    getUsage: { route: "GET /v1.3/usage", summary: "Retrieve usage", ok: { json: usageResponseSchema } },
    listVisitors: {
      route: "GET /v1.3/list",
      summary: "Search or list visitors",
      description: "The search grammar of the compatibility notes; an empty search lists the latest visitors. Newest first.",
      query: listVisitorsQuerySchema,
      ok: { json: listVisitorsResponseSchema },
    },
    purgeVisitors: {
      route: "DELETE /v1.3/visitors",
      summary: "Delete all offline visitors",
      description: "Online visitors are kept, including one that comes online during the purge. The count deleted is in `X-Deleted-Count`.",
      query: purgeVisitorsQuerySchema,
      ok: { text: "ok" },
      unbounded: true,
    },
    getVisitor: {
      route: "GET /v1.3/visitors/{visitor_id}",
      summary: "Retrieve a visitor",
      params: visitorParamsSchema,
      query: getVisitorQuerySchema,
      ok: { json: visitorResponseSchema },
      errors: ["visitor_not_found"],
    },
    deleteVisitor: {
      route: "DELETE /v1.3/visitors/{visitor_id}",
      summary: "Delete an offline visitor",
      params: visitorParamsSchema,
      ok: { text: "ok" },
      errors: ["visitor_not_found", "visitor_online"],
    },
    createWatchUrl: {
      route: "POST /v1.3/visitors/{visitor_id}/watch_url",
      summary: "Create a Secure watch link",
      params: visitorParamsSchema,
      body: watchUrlRequestSchema,
      ok: { json: watchUrlResponseSchema },
      errors: ["visitor_not_found", "subscription_limit"],
    },
    stopSession: {
      route: "DELETE /v1.3/visitors/{visitor_id}/session",
      summary: "Stop the visitor's session",
      params: visitorParamsSchema,
      ok: { text: "ok" },
      errors: ["visitor_not_found"],
    },
    lookupAgent: {
      route: "GET /v1.3/agents/lookup",
      summary: "Look up an agent by email or external id",
      description: "Exactly one of `email` and `external_id`: both is a malformed request; neither finds no agent.",
      query: agentLookupQuerySchema,
      ok: { json: agentLookupResponseSchema },
      errors: ["agent_not_found"],
    },
    createProxySession: {
      route: "POST /v1.3/proxy_sessions",
      summary: "Create a proxy session",
      body: proxySessionRequestSchema,
      ok: { json: proxySessionResponseSchema },
      errors: ["proxy_not_enabled"],
    },
    createOnpremToken: {
      route: "POST /v1.3/onpremise/token",
      summary: "Authorize an on-premise session",
      body: onpremTokenRequestSchema,
      ok: { json: onpremTokenResponseSchema },
      errors: ["not_authorized"],
    },
    getCloudDocument: { route: "GET /v1.3/openapi.json", ...THIS_DOCUMENT },
  },
);
