import { apiRoute } from "@/lib/service/http/api-route";
import {
  authenticatedVisitorId,
  COLLECT_CORS_HEADERS,
  collectPreflight,
  pageviewRequestSchema,
  recordVisitorPageview,
  visitorAuth,
} from "@/lib/service/visitors-ingest";

export const POST = apiRoute({
  auth: visitorAuth,
  body: pageviewRequestSchema,
  headers: COLLECT_CORS_HEADERS,
  handler: async ({ request, db, team, body }) => {
    await recordVisitorPageview(db, team, authenticatedVisitorId(request), body);
    return { status: "ok" };
  },
});

export const OPTIONS = collectPreflight;
