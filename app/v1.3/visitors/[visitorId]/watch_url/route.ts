import { watchUrlRequestSchema } from "@/lib/contract";
import { apiRoute } from "@/lib/service/http/api-route";
import { visitorParams } from "@/lib/service/http/params";
import { createWatchLink } from "@/lib/service/watch-links";

export const POST = apiRoute({
  auth: "api-key",
  params: visitorParams,
  body: watchUrlRequestSchema,
  handler: async ({ db, team, params, body }) => ({ status: "ok", ...(await createWatchLink(db, team, params.visitorId, body)) }),
});
