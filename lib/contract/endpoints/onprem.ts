import { endpoint } from "../endpoint";
import { onpremSearchQuerySchema, onpremWatchUrlRequestSchema, onpremWatchUrlResponseSchema } from "../onprem";
import { openApiDocumentSchema } from "../openapi-document";
import { listVisitorsResponseSchema, visitorParamsSchema, visitorResponseSchema } from "../visitor";

/** The on-premise API, at `<base endpoint>/api`; off unless REST_KEY is set. */
export const onpremEndpoints = {
  listLatestVisitors: endpoint({
    id: "listLatestVisitors",
    method: "get",
    path: "/api/visitors/list/latest",
    group: "onprem",
    auth: "rest-key",
    summary: "The latest online visitors",
    ok: { json: listVisitorsResponseSchema },
  }),
  searchVisitors: endpoint({
    id: "searchVisitors",
    method: "get",
    path: "/api/visitors/list/search",
    group: "onprem",
    auth: "rest-key",
    summary: "Search visitors",
    description: "The cloud list's search grammar, as `q`; an empty query lists the latest visitors.",
    query: onpremSearchQuerySchema,
    ok: { json: listVisitorsResponseSchema },
  }),
  getOnpremVisitor: endpoint({
    id: "getOnpremVisitor",
    method: "get",
    path: "/api/visitors/{visitor_id}",
    group: "onprem",
    auth: "rest-key",
    summary: "Retrieve a visitor",
    params: visitorParamsSchema,
    ok: { json: visitorResponseSchema },
    errors: ["visitor_not_found"],
  }),
  createOnpremWatchUrl: endpoint({
    id: "createOnpremWatchUrl",
    method: "post",
    path: "/api/visitors/{visitor_id}/watch_url",
    group: "onprem",
    auth: "rest-key",
    summary: "Create a watch link with a licence token",
    description:
      "The licence token comes from the cloud's POST /v1.3/onpremise/token for this visitor and this agent. It makes one watch link: a token used before, or for another visitor or agent, is refused with 402.",
    params: visitorParamsSchema,
    body: onpremWatchUrlRequestSchema,
    ok: { json: onpremWatchUrlResponseSchema },
    errors: ["visitor_not_found", "not_authorized", "subscription_limit"],
  }),
  getOnpremDocument: endpoint({
    id: "getOnpremDocument",
    method: "get",
    path: "/api/openapi.json",
    group: "onprem",
    auth: "none",
    summary: "This document",
    ok: { json: openApiDocumentSchema },
  }),
};
