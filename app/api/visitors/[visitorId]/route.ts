import { apiRoute } from "@/lib/service/http/api-route";
import { visitorParams } from "@/lib/service/http/params";
import { getVisitor } from "@/lib/service/visitors/read";

export const GET = apiRoute({
  auth: "rest-key",
  params: visitorParams,
  handler: async ({ db, team, params }) => ({ status: "ok", visitor: await getVisitor(db, team, params.visitorId, { withHistory: false }) }),
});
