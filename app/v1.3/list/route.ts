import { listVisitorsQuerySchema } from "@/lib/contract";
import { apiRoute } from "@/lib/service/http/api-route";
import { listVisitors } from "@/lib/service/visitors/read";

export const GET = apiRoute({
  auth: "api-key",
  query: listVisitorsQuerySchema,
  handler: async ({ db, team, query }) => ({
    status: "ok",
    visitors: await listVisitors(db, team, { search: query.search, maxResults: query.max_results }),
  }),
});
