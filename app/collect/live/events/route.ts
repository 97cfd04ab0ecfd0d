import { apiRoute } from "@/lib/service/http/api-route";
import { acceptVisitorEvents, eventBatchRequestSchema, LIVE_CORS_HEADERS, livePreflight } from "@/lib/service/live";
import { authenticatedVisitorId, liveBatchVisitorAuth } from "@/lib/service/visitors-ingest";

export const POST = apiRoute({
  auth: liveBatchVisitorAuth,
  body: eventBatchRequestSchema,
  headers: LIVE_CORS_HEADERS,
  handler: async ({ request, db, body }) => ({
    status: "ok",
    ...(await acceptVisitorEvents(db, authenticatedVisitorId(request), body.sessionId, { seq: body.seq, events: body.events })),
  }),
});

export const OPTIONS = livePreflight;
