import { NextResponse } from "next/server";
import { consoleRoute } from "@/lib/console/route";
import { listVisitors } from "@/lib/console/visitors/read-visitors";
import { parseVisitorQuery } from "@/lib/console/visitors/search-params";

/** The Visitors table's polling source: the same query the page parsed from its URL. */
export const GET = consoleRoute("agent", async (request) => {
  const query = parseVisitorQuery(new URL(request.url).searchParams);
  return NextResponse.json({ status: "ok", visitors: await listVisitors(query) }, { headers: { "cache-control": "no-store" } });
});
