import { cloudEndpoints as endpoints } from "@/lib/contract/endpoints";
import { openApiDocument } from "@/lib/contract/openapi";
import type { Bind } from "../http/bind";
import { okText } from "../http/envelope";
import { createOnpremToken } from "../sessions/onprem";
import { createProxySession } from "../proxy/links";
import { ServiceError } from "../core/errors";
import { stopVisitorSession } from "../live/end";
import { publicBaseUrl } from "../core/signing";
import { getVisitor } from "../sessions/get-visitor";
import { lookupAgent } from "../sessions/lookup-agent";
import { computeUsage } from "../sessions/usage";
import { deleteVisitor, purgeOfflineVisitors } from "../visitors/delete";
import { listVisitors } from "../visitors/read";
import { createWatchLink } from "../sessions/watch-links";

/** The cloud API, v1.3. */
export function bindCloudEndpoints(bind: Bind): void {
  bind(endpoints.getUsage, async ({ db, team }) => ({ usage: await computeUsage(db, team.id) }));

  bind(endpoints.listVisitors, async ({ db, team, query }) => ({
    visitors: await listVisitors(db, team, { search: query.search, maxResults: query.max_results }),
  }));

  bind(endpoints.purgeVisitors, async ({ db, team }) => okText({ "x-deleted-count": String(await purgeOfflineVisitors(db, team.id)) }));

  bind(endpoints.getVisitor, async ({ db, team, params, query }) => ({
    visitor: await getVisitor(db, team, params.visitor_id, { withHistory: query.with_history }),
  }));

  bind(endpoints.deleteVisitor, async ({ db, team, params }) => {
    await deleteVisitor(db, team.id, params.visitor_id);
  });

  bind(endpoints.createWatchUrl, async ({ db, team, params, body }) => ({ ...(await createWatchLink(db, team, params.visitor_id, body)) }));

  bind(endpoints.stopSession, async ({ db, team, keyId, params }) => {
    await stopVisitorSession(db, team.id, params.visitor_id, keyId);
  });

  bind(endpoints.lookupAgent, async ({ db, team, query }) => {
    // Neither parameter finds no agent, as the API documents (both is refused by the contract).
    if (query.email) return { agent: await lookupAgent(db, team, { email: query.email }) };
    if (query.external_id) return { agent: await lookupAgent(db, team, { external_id: query.external_id }) };
    throw new ServiceError("agent_not_found", "Look agents up by email or external_id.");
  });

  bind(endpoints.createProxySession, async ({ team, body }) => ({ ...(await createProxySession(team, body)) }));

  bind(endpoints.createOnpremToken, async ({ team, body }) => ({ ...(await createOnpremToken(team, body)) }));

  bind(endpoints.getCloudDocument, () => Response.json(openApiDocument("cloud", publicBaseUrl())));
}
