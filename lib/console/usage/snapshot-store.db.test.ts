import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Usage } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { openDatabase, type Database } from "@/lib/db/connection";
import { onPostgres, openTestDatabase } from "@/lib/testing/test-database";
import { latestSnapshotAt, recordSnapshot, snapshotsOfRange, snapshotsSince } from "./snapshot-store";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
// On PostgreSQL a second pool plays another app node; PGlite has one connection, which serialises.
let otherNode: Database | null = null;
beforeAll(async () => {
  database = await openTestDatabase();
  if (onPostgres) otherNode = await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL! });
});
afterAll(async () => {
  await otherNode?.close();
  await database.close();
});

const usage = (online: number): Usage => ({
  agents: { last_30_days: 3, today: 1 },
  session_counts: { last_30_days: 20, now: 1, today: 2 },
  session_seconds: { last_30_days: 3600, today: 120 },
  visitors: { last_24_hrs: 30, online_now: online },
});

/**
 * Makes every insert of a snapshot take 200 ms before it commits, so recordings that start together
 * overlap for sure: without a lock, each would see no snapshot yet and store its own.
 */
async function slowSnapshotInserts(db: Db): Promise<() => Promise<void>> {
  await db.execute(sql`create function slow_insert() returns trigger language plpgsql as $$ begin perform pg_sleep(0.2); return new; end $$`);
  await db.execute(sql`create trigger slow_insert before insert on usage_snapshots for each row execute function slow_insert()`);
  return async () => {
    await db.execute(sql`drop trigger slow_insert on usage_snapshots`);
    await db.execute(sql`drop function slow_insert()`);
  };
}

describe("usage snapshots", () => {
  it("stores at most one snapshot per 5 minutes, even when several app nodes record at once", async () => {
    const t0 = new Date("2026-11-23T08:00:00Z");
    const nodes = [database.db, otherNode?.db ?? database.db];
    const restoreInserts = await slowSnapshotInserts(database.db);
    try {
      const stored = await Promise.all(Array.from({ length: 6 }, (_, i) => recordSnapshot(nodes[i % 2], usage(i), t0)));
      expect(stored.filter(Boolean)).toHaveLength(1);
    } finally {
      await restoreInserts();
    }
    expect(await snapshotsSince(database.db, new Date(0))).toHaveLength(1);
    expect(await recordSnapshot(database.db, usage(3), new Date(t0.getTime() + 4 * 60_000))).toBe(false);
    expect(await recordSnapshot(database.db, usage(4), new Date(t0.getTime() + 5 * 60_000))).toBe(true);
    expect(await latestSnapshotAt(database.db)).toEqual(new Date(t0.getTime() + 5 * 60_000));
  });

  it("reads the snapshots of a range, oldest first", async () => {
    const now = new Date("2026-11-23T08:06:00Z");
    const all = await snapshotsOfRange(database.db, "24h", now);
    expect(all.map((s) => s.usage.visitors.online_now)).toEqual([expect.any(Number), 4]);
    expect(all[0].at.getTime()).toBeLessThan(all[1].at.getTime());
    expect(await snapshotsOfRange(database.db, "24h", new Date("2026-11-25T00:00:00Z"))).toEqual([]);
  });
});
