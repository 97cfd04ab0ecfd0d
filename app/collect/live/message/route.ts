import { apiRoute } from "@/lib/service/http/api-route";
import { customMessageRequestSchema, LIVE_CORS_HEADERS, livePreflight, relayVisitorMessage } from "@/lib/service/live";
import { authenticatedVisitorId, visitorAuth } from "@/lib/service/visitors-ingest";

export const POST = apiRoute({
  auth: visitorAuth,
  body: customMessageRequestSchema,
  headers: LIVE_CORS_HEADERS,
  handler: async ({ request, db, body }) => {
    await relayVisitorMessage(db, authenticatedVisitorId(request), body.sessionId, body.message);
    return { status: "ok" };
  },
});

export const OPTIONS = livePreflight;
