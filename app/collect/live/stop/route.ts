import { apiRoute } from "@/lib/service/http/api-route";
import { LIVE_CORS_HEADERS, livePreflight, stopByVisitor, stopRequestSchema } from "@/lib/service/live";
import { authenticatedVisitorId, visitorAuth } from "@/lib/service/visitors-ingest";

export const POST = apiRoute({
  auth: visitorAuth,
  body: stopRequestSchema,
  headers: LIVE_CORS_HEADERS,
  handler: async ({ request, db, body }) => {
    await stopByVisitor(db, authenticatedVisitorId(request), body.sessionId);
    return { status: "ok" };
  },
});

export const OPTIONS = livePreflight;
