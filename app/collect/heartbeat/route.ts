import { apiRoute } from "@/lib/service/http/api-route";
import { authenticatedVisitorId, COLLECT_CORS_HEADERS, collectPreflight, heartbeatVisitor, visitorAuth } from "@/lib/service/visitors-ingest";

export const POST = apiRoute({
  auth: visitorAuth,
  headers: COLLECT_CORS_HEADERS,
  handler: async ({ request, db, team }) => ({ status: "ok", ...(await heartbeatVisitor(db, team, authenticatedVisitorId(request))) }),
});

export const OPTIONS = collectPreflight;
