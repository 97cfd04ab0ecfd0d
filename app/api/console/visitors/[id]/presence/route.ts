import { NextResponse } from "next/server";
import { consoleRoute } from "@/lib/console/route";
import { errorResponse } from "@/lib/console/route-errors";
import { visitorPresence, visitorPresenceParamsSchema } from "@/lib/console/visitors/presence";
import { findVisitor } from "@/lib/console/visitors/read-visitors";

/** A visitor's presence, polled by the visitor's page so an agent knows before Co-browse whether their page is connected. */
export const GET = consoleRoute<{ params: Promise<{ id: string }> }>("agent", async (_request, { params }) => {
  const { id } = visitorPresenceParamsSchema.parse(await params);
  const visitor = await findVisitor(id, { withHistory: false });
  if (!visitor) return errorResponse(404, "not_found", "This visitor no longer exists.");
  return NextResponse.json({ status: "ok", presence: visitorPresence(visitor) }, { headers: { "cache-control": "no-store" } });
});
