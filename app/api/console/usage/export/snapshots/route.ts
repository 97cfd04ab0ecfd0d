import { csvResponse } from "@/lib/console/csv";
import { CONSOLE_READS } from "@/lib/console/reads";
import { serveRead } from "@/lib/console/reads/serve";
import { snapshotsOfRange } from "@/lib/console/usage/snapshot-store";
import { snapshotsCsv } from "@/lib/console/usage/usage-csv";
import { getDb } from "@/lib/db";

export const GET = serveRead(CONSOLE_READS.usageSeriesCsv, async ({ query: { range } }) =>
  csvResponse(`tandem-usage-${range}-${new Date().toISOString().slice(0, 10)}.csv`, snapshotsCsv(await snapshotsOfRange(await getDb(), range))),
);
