import { connection } from "next/server";
import { auditCsvHeader, auditCsvLines } from "@/lib/console/audit-log/csv";
import { parseAuditFilters } from "@/lib/console/audit-log/filters";
import { allAuditEvents, type AuditEvent } from "@/lib/console/audit-log/query";
import { consoleRoute } from "@/lib/console/route";
import { getDb } from "@/lib/db";

/** GET /api/console/audit/export?action=&actor=&outcome=&from=&to= — the filtered log as a CSV download. */
export const GET = consoleRoute("lead", async (request) => {
  await connection();
  const filters = parseAuditFilters(new URL(request.url).searchParams);
  const db = await getDb();
  const encoder = new TextEncoder();
  const events = allAuditEvents(db, filters);

  // Streamed in batches so a long log never sits whole in memory.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(auditCsvHeader()));
    },
    async pull(controller) {
      const batch: AuditEvent[] = [];
      for (let next = await events.next(); !next.done; next = await events.next()) {
        batch.push(next.value);
        if (batch.length === 500) break;
      }
      if (batch.length) controller.enqueue(encoder.encode(auditCsvLines(batch)));
      if (batch.length < 500) controller.close();
    },
  });

  const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "-");
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="tandem-audit-${stamp}Z.csv"`,
      "cache-control": "no-store",
    },
  });
});
