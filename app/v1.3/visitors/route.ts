import { purgeVisitorsQuerySchema } from "@/lib/contract";
import { apiRoute, okText } from "@/lib/service/http/api-route";
import { purgeOfflineVisitors } from "@/lib/service/visitors/delete";

/** DELETE /v1.3/visitors?all=true: deletes every offline visitor; online ones are kept. */
export const DELETE = apiRoute({
  auth: "api-key",
  query: purgeVisitorsQuerySchema,
  handler: async ({ db, team }) => {
    const deleted = await purgeOfflineVisitors(db, team.id);
    const response = okText();
    response.headers.set("x-deleted-count", String(deleted));
    return response;
  },
});
