import { auditCsvHeader, auditCsvLines } from "@/lib/console/audit-log/csv";
import { allAuditEvents, type AuditEvent } from "@/lib/console/audit-log/query";
import { CONSOLE_READS } from "@/lib/console/reads";
import { serveRead } from "@/lib/console/reads/serve";
import { getDb } from "@/lib/db";

const BATCH = 500;

export const GET = serveRead(CONSOLE_READS.auditCsv, async ({ query }) => {
  const events = allAuditEvents(await getDb(), query);
  const encoder = new TextEncoder();

  // Streamed in batches so a long log never sits whole in memory.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(auditCsvHeader()));
    },
    async pull(controller) {
      const batch: AuditEvent[] = [];
      for (let next = await events.next(); !next.done; next = await events.next()) {
        batch.push(next.value);
        if (batch.length === BATCH) break;
      }
      if (batch.length) controller.enqueue(encoder.encode(auditCsvLines(batch)));
      if (batch.length < BATCH) controller.close();
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
