import { apiRoute } from "@/lib/service/http/api-route";
import { listVisitors } from "@/lib/service/visitors/read";

/** On-premise: the latest online visitors. */
export const GET = apiRoute({
  auth: "rest-key",
  handler: async ({ db, team }) => ({ status: "ok", visitors: await listVisitors(db, team, { online: true }) }),
});
