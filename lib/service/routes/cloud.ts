import { cloudEndpoints as endpoints } from "@/lib/contract/endpoints";
import { cloudV13UnderV14, cloudV14Endpoints } from "@/lib/contract/endpoints/cloud-v1-4";
import { openApiDocument } from "@/lib/contract/openapi";
import type { Bind, Handler } from "../http/bind";
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
import { createViewerToken } from "../sessions/viewer-tokens";

type Twin = keyof typeof cloudV13UnderV14;

/** The cloud API: v1.3, each of its endpoints again under v1.4 with the same handler, and v1.4's own. */
export function bindCloudEndpoints(bind: Bind): void {
  const both = <N extends Twin>(name: N, handler: Handler<(typeof endpoints)[N]>) => {
    bind(endpoints[name], handler);
    // The same request and answer: only the path and how the key may be sent differ.
    bind(cloudV13UnderV14[name], handler as unknown as Handler<(typeof cloudV13UnderV14)[N]>);
  };
  bindV13AndV14(both);
  bind(endpoints.getCloudDocument, () => Response.json(openApiDocument("cloud", publicBaseUrl())));
  bind(cloudV14Endpoints.createViewerToken, async ({ db, team, keyId, params, body, clientAddress }) => ({
    ...(await createViewerToken(db, { team, keyId, ip: clientAddress }, params.visitor_id, body)),
  }));
  bind(cloudV14Endpoints.getCloudDocumentV14, () => Response.json(openApiDocument("cloudV14", publicBaseUrl())));
}

function bindV13AndV14(bind: <N extends Twin>(name: N, handler: Handler<(typeof endpoints)[N]>) => void): void {
  bind("getUsage", async ({ db, team }) => ({ usage: await computeUsage(db, team.id) }));

  bind("listVisitors", async ({ db, team, query }) => ({
    visitors: await listVisitors(db, team, { search: query.search, maxResults: query.max_results }),
  }));

  bind("purgeVisitors", async ({ db, team }) => okText({ "x-deleted-count": String(await purgeOfflineVisitors(db, team.id)) }));

  bind("getVisitor", async ({ db, team, params, query }) => ({
    visitor: await getVisitor(db, team, params.visitor_id, { withHistory: query.with_history }),
  }));

  bind("deleteVisitor", async ({ db, team, params }) => {
    await deleteVisitor(db, team.id, params.visitor_id);
  });

  bind("createWatchUrl", async ({ db, team, params, body }) => ({ ...(await createWatchLink(db, team, params.visitor_id, body)) }));

  bind("stopSession", async ({ db, team, keyId, params }) => {
    await stopVisitorSession(db, team.id, params.visitor_id, keyId);
  });

  bind("lookupAgent", async ({ db, team, query }) => {
    // Neither parameter finds no agent, as the API documents (both is refused by the contract).
    if (query.email) return { agent: await lookupAgent(db, team, { email: query.email }) };
    if (query.external_id) return { agent: await lookupAgent(db, team, { external_id: query.external_id }) };
    throw new ServiceError("agent_not_found", "Look agents up by email or external_id.");
  });

  bind("createProxySession", async ({ team, body }) => ({ ...(await createProxySession(team, body)) }));

  bind("createOnpremToken", async ({ team, body }) => ({ ...(await createOnpremToken(team, body)) }));
}
