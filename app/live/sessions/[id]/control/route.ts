import { apiRoute } from "@/lib/service/http/api-route";
import { applyControl, controlRequestSchema, sessionParamsSchema, viewerAuth, viewerFor } from "@/lib/service/live";

export const POST = apiRoute({
  auth: viewerAuth,
  params: sessionParamsSchema,
  body: controlRequestSchema,
  handler: async ({ request, db, params, body }) => {
    await applyControl(db, viewerFor(request, params.id), body);
    return { status: "ok" };
  },
});
