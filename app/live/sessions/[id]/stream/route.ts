import { apiRoute } from "@/lib/service/http/api-route";
import { openAgentStream, sessionParamsSchema, sseResponse, viewerAuth, viewerFor } from "@/lib/service/live";

export const dynamic = "force-dynamic";

/** The watch page's EventSource; the viewer token comes as `?token=` (EventSource cannot send headers). */
export const GET = apiRoute({
  auth: viewerAuth,
  params: sessionParamsSchema,
  handler: async ({ request, db, params }) => {
    const viewer = viewerFor(request, params.id);
    return sseResponse(request, (channel) => openAgentStream(db, viewer, channel));
  },
});
