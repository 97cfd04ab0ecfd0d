import { endpointGroup } from "../endpoint";
import { onpremSearchQuerySchema, onpremWatchUrlRequestSchema, onpremWatchUrlResponseSchema } from "../onprem";
import { THIS_DOCUMENT } from "../openapi-document";
import { listVisitorsResponseSchema, visitorParamsSchema, visitorResponseSchema } from "../visitor";

/** The on-premise API, at `<base endpoint>/api`; off unless REST_KEY is set. */
export const onpremEndpoints = endpointGroup(
  { group: "onprem", auth: "rest-key" },
  {
    listLatestVisitors: { route: "GET /api/visitors/list/latest", summary: "The latest online visitors", ok: { json: listVisitorsResponseSchema } },
    searchVisitors: {
      route: "GET /api/visitors/list/search",
      summary: "Search visitors",
      description: "The cloud list's search grammar, as `q`; an empty query lists the latest visitors.",
      query: onpremSearchQuerySchema,
      ok: { json: listVisitorsResponseSchema },
    },
    getOnpremVisitor: {
      route: "GET /api/visitors/{visitor_id}",
      summary: "Retrieve a visitor",
      params: visitorParamsSchema,
      ok: { json: visitorResponseSchema },
      errors: ["visitor_not_found"],
    },
    createOnpremWatchUrl: {
      route: "POST /api/visitors/{visitor_id}/watch_url",
      summary: "Create a watch link with a licence token",
      description:
        "The licence token comes from the cloud's POST /v1.3/onpremise/token for this visitor and this agent. It makes one watch link: a token used before, or for another visitor or agent, is refused with 402.",
      params: visitorParamsSchema,
      body: onpremWatchUrlRequestSchema,
      ok: { json: onpremWatchUrlResponseSchema },
      errors: ["visitor_not_found", "not_authorized", "subscription_limit"],
    },
    getOnpremDocument: { route: "GET /api/openapi.json", ...THIS_DOCUMENT },
  },
);
