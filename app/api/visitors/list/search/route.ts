import { onpremSearchQuerySchema } from "@/lib/contract";
import { apiRoute } from "@/lib/service/http/api-route";
import { listVisitors } from "@/lib/service/visitors/read";

/** On-premise: the same search grammar as the cloud list, with the parameter `q`. */
export const GET = apiRoute({
  auth: "rest-key",
  query: onpremSearchQuerySchema,
  handler: async ({ db, team, query }) => ({ status: "ok", visitors: await listVisitors(db, team, { search: query.q }) }),
});
