import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { recordAudit, recordAuditEvent, type AuditEntry } from "./record";
import { auditEvents } from "./schema";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const rowsOf = async (action: string) => (await database.db.select().from(auditEvents).where(eq(auditEvents.action, action))).map(({ id: _id, ...row }) => row);

describe("audit rows", () => {
  it("are the same written by the prepared statement as by the query builder", async () => {
    const at = new Date("2026-11-29T10:00:00.123Z");
    const full: AuditEntry = {
      at,
      actorId: "cu_1",
      actorEmail: "Agent@Example.com",
      action: "full_entry",
      outcome: "failure",
      target: "visitor-1",
      detail: {
        initial_url: "https://shop.example.com/",
        allowed_domains: ["shop.example.com"],
        quote: 'it\'s "quoted"',
        count: 3,
        nested: { at_least: true },
      },
      ip: "203.0.113.9",
    };
    await recordAudit(database.db, full);
    await recordAuditEvent(database.db, full);
    const [built, prepared] = await rowsOf("full_entry");
    expect(prepared).toEqual(built);
    expect(prepared).toMatchObject({ at, actorEmail: "agent@example.com", outcome: "failure", detail: full.detail });

    await recordAudit(database.db, { action: "bare_entry" });
    await recordAuditEvent(database.db, { action: "bare_entry" });
    const bare = await rowsOf("bare_entry");
    expect(bare.map(({ at: _at, ...row }) => row)).toEqual([
      { actorId: null, actorEmail: null, action: "bare_entry", outcome: "success", target: null, detail: {}, ip: null },
      { actorId: null, actorEmail: null, action: "bare_entry", outcome: "success", target: null, detail: {}, ip: null },
    ]);
    for (const row of bare) expect(Math.abs(row.at.getTime() - Date.now())).toBeLessThan(60_000);
  });
});
