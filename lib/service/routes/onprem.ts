import { onpremEndpoints as endpoints } from "@/lib/contract/endpoints";
import { openApiDocument } from "@/lib/contract/openapi";
import type { Bind } from "../http/bind";
import { createOnpremWatchLink } from "../sessions/onprem";
import { publicBaseUrl } from "../core/signing";
import { getVisitor } from "../sessions/get-visitor";
import { listVisitors } from "../visitors/read";

/** The on-premise API (its authentication answers 404 while REST_KEY is unset). */
export function bindOnpremEndpoints(bind: Bind): void {
  bind(endpoints.listLatestVisitors, async ({ db, team }) => ({ visitors: await listVisitors(db, team, { online: true }) }));

  bind(endpoints.searchVisitors, async ({ db, team, query }) => ({ visitors: await listVisitors(db, team, { search: query.q }) }));

  bind(endpoints.getOnpremVisitor, async ({ db, team, params }) => ({
    visitor: await getVisitor(db, team, params.visitor_id, { withHistory: false }),
  }));

  // A watch link, once the cloud's licence token for this visitor and agent checks out (and is spent).
  bind(endpoints.createOnpremWatchUrl, ({ db, team, params, body }) => createOnpremWatchLink(db, team, params.visitor_id, body));

  bind(endpoints.getOnpremDocument, () => Response.json(openApiDocument("onprem", publicBaseUrl())));
}
