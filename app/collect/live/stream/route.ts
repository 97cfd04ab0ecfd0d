import { apiRoute } from "@/lib/service/http/api-route";
import {
  LIVE_CORS_HEADERS,
  livePreflight,
  openVisitorStream,
  sseResponse,
  streamVisitorAuth,
  streamVisitorId,
  visitorStreamQuerySchema,
} from "@/lib/service/live";

export const dynamic = "force-dynamic";

export const GET = apiRoute({
  auth: streamVisitorAuth,
  query: visitorStreamQuerySchema,
  headers: LIVE_CORS_HEADERS,
  handler: async ({ request, db, team }) => {
    const visitorId = streamVisitorId(request);
    return sseResponse(request, (channel) => openVisitorStream(db, team, visitorId, channel));
  },
});

export const OPTIONS = livePreflight;
