import { apiRoute } from "@/lib/service/http/api-route";
import {
  authenticatedVisitorId,
  beaconVisitorAuth,
  COLLECT_CORS_HEADERS,
  collectPreflight,
  leaveRequestSchema,
  leaveVisitor,
} from "@/lib/service/visitors-ingest";

// navigator.sendBeacon posts a text/plain body without custom headers: the wrapper reads any body as JSON
// text, and beaconVisitorAuth takes the visitor's id and token from the body when the headers are absent.
export const POST = apiRoute({
  auth: beaconVisitorAuth,
  body: leaveRequestSchema,
  headers: COLLECT_CORS_HEADERS,
  handler: async ({ request, db, team }) => {
    await leaveVisitor(db, team, authenticatedVisitorId(request));
    return { status: "ok" };
  },
});

export const OPTIONS = collectPreflight;
