import { onpremWatchUrlRequestSchema } from "@/lib/contract";
import { apiRoute } from "@/lib/service/http/api-route";
import { visitorParams } from "@/lib/service/http/params";
import { checkLicenseToken } from "@/lib/service/onprem";
import { createWatchLink } from "@/lib/service/watch-links";

/** On-premise: a watch link, once the cloud's licence token for this visitor checks out. */
export const POST = apiRoute({
  auth: "rest-key",
  params: visitorParams,
  body: onpremWatchUrlRequestSchema,
  handler: async ({ db, team, params, body }) => {
    await checkLicenseToken(db, team, params.visitorId, body.licenseToken);
    const { licenseToken, ...request } = body;
    const { watch_url } = await createWatchLink(db, team, params.visitorId, request, { onPremise: true });
    return { status: "ok", watch_url };
  },
});
