import { apiRoute } from "@/lib/service/http/api-route";
import {
  authenticatedVisitorId,
  COLLECT_CORS_HEADERS,
  collectPreflight,
  identifyRequestSchema,
  identifyVisitor,
  visitorAuth,
} from "@/lib/service/visitors-ingest";

export const POST = apiRoute({
  auth: visitorAuth,
  body: identifyRequestSchema,
  headers: COLLECT_CORS_HEADERS,
  handler: async ({ request, db, team, body }) => {
    await identifyVisitor(db, team, authenticatedVisitorId(request), body);
    return { status: "ok" };
  },
});

export const OPTIONS = collectPreflight;
