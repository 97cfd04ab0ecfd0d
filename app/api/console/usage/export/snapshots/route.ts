import { consoleRoute } from "@/lib/console/route";
import { getDb } from "@/lib/db";
import { csvResponse } from "@/lib/console/csv";
import { snapshotsOfRange } from "@/lib/console/usage/snapshot-store";
import { loadUsageSearchParams } from "@/lib/console/usage/search-params";
import { snapshotsCsv } from "@/lib/console/usage/usage-csv";

/** CSV of the recorded usage snapshots of a range (?range=24h|7d|30d), oldest first. */
export const GET = consoleRoute("agent", async (request) => {
  const { range } = loadUsageSearchParams(request);
  const snapshots = await snapshotsOfRange(await getDb(), range);
  return csvResponse(`tandem-usage-${range}-${new Date().toISOString().slice(0, 10)}.csv`, snapshotsCsv(snapshots));
});
