import { getVisitorQuerySchema } from "@/lib/contract";
import { apiRoute, okText } from "@/lib/service/http/api-route";
import { visitorParams } from "@/lib/service/http/params";
import { deleteVisitor } from "@/lib/service/visitors/delete";
import { getVisitor } from "@/lib/service/visitors/read";

export const GET = apiRoute({
  auth: "api-key",
  params: visitorParams,
  query: getVisitorQuerySchema,
  handler: async ({ db, team, params, query }) => ({
    status: "ok",
    visitor: await getVisitor(db, team, params.visitorId, { withHistory: query.with_history }),
  }),
});

export const DELETE = apiRoute({
  auth: "api-key",
  params: visitorParams,
  handler: async ({ db, team, params }) => {
    await deleteVisitor(db, team.id, params.visitorId);
    return okText();
  },
});
