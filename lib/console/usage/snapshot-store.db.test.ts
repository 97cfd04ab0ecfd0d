import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Usage } from "@/lib/contract";
import { openTestDatabase } from "@/lib/testing/test-database";
import { latestSnapshotAt, recordSnapshot, snapshotsOfRange } from "./snapshot-store";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const usage = (online: number): Usage => ({
  agents: { last_30_days: 3, today: 1 },
  session_counts: { last_30_days: 20, now: 1, today: 2 },
  session_seconds: { last_30_days: 3600, today: 120 },
  visitors: { last_24_hrs: 30, online_now: online },
});

describe("usage snapshots", () => {
  it("stores at most one snapshot per 5 minutes, even when two land together", async () => {
    const t0 = new Date("2026-11-23T08:00:00Z");
    const both = await Promise.all([recordSnapshot(database.db, usage(1), t0), recordSnapshot(database.db, usage(2), t0)]);
    expect(both.filter(Boolean)).toHaveLength(1);
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
