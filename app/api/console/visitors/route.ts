import { NextResponse } from "next/server";
import { consoleRoute } from "@/lib/console/route";
import { errorResponse } from "@/lib/console/route-errors";
import { listVisitors } from "@/lib/console/visitors/read-visitors";
import { parseVisitorQuery } from "@/lib/console/visitors/search-params";
import { searchRefusal } from "@/lib/console/visitors/search-refusal";

/** The Visitors table's polling source: the same query the page parsed from its URL. */
export const GET = consoleRoute("agent", async (request) => {
  const query = parseVisitorQuery(new URL(request.url).searchParams);
  try {
    return NextResponse.json({ status: "ok", visitors: await listVisitors(query) }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    // A search the API refuses is the person's to change: 400 with why, not an API outage.
    const refusal = searchRefusal(error);
    if (refusal) return errorResponse(400, "invalid_search", refusal);
    throw error;
  }
});
