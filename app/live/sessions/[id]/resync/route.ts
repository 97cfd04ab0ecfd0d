import { apiRoute } from "@/lib/service/http/api-route";
import { requestSnapshot, sessionParamsSchema, viewerAuth, viewerFor } from "@/lib/service/live";

export const POST = apiRoute({
  auth: viewerAuth,
  params: sessionParamsSchema,
  handler: async ({ request, db, params }) => {
    await requestSnapshot(db, viewerFor(request, params.id));
    return { status: "ok" };
  },
});
