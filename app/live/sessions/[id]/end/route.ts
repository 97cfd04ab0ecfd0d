import { apiRoute } from "@/lib/service/http/api-route";
import { endByAgent, sessionParamsSchema, viewerAuth, viewerFor } from "@/lib/service/live";

export const POST = apiRoute({
  auth: viewerAuth,
  params: sessionParamsSchema,
  handler: async ({ request, db, params }) => {
    await endByAgent(db, viewerFor(request, params.id));
    return { status: "ok" };
  },
});
