import { apiRoute } from "@/lib/service/http/api-route";
import { answerConsent, consentRequestSchema, LIVE_CORS_HEADERS, livePreflight } from "@/lib/service/live";
import { authenticatedVisitorId, visitorAuth } from "@/lib/service/visitors-ingest";

export const POST = apiRoute({
  auth: visitorAuth,
  body: consentRequestSchema,
  headers: LIVE_CORS_HEADERS,
  handler: async ({ request, db, body }) => {
    await answerConsent(db, authenticatedVisitorId(request), body.sessionId, body.accepted);
    return { status: "ok" };
  },
});

export const OPTIONS = livePreflight;
