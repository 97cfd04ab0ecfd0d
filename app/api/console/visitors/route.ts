import { CONSOLE_READS } from "@/lib/console/reads";
import { serveRead } from "@/lib/console/reads/serve";
import { RouteError } from "@/lib/console/route-errors";
import { listVisitors } from "@/lib/console/visitors/read-visitors";
import { searchRefusal } from "@/lib/console/visitors/search-refusal";

export const GET = serveRead(CONSOLE_READS.visitors, async ({ query }) => {
  try {
    return { visitors: await listVisitors(query) };
  } catch (error) {
    // A search the API refuses is the person's to change: 400 with why, not an API outage.
    const refusal = searchRefusal(error);
    if (refusal) throw new RouteError(400, "invalid_search", refusal);
    throw error;
  }
});
