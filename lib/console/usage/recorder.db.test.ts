import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Usage } from "@/lib/contract";
import { usageSnapshots } from "@/lib/console/schema";
import { openTestDatabase } from "@/lib/testing/test-database";
import { recordUsageIfDue, startUsageRecorder, stopUsageRecorder, type UsageSource } from "./recorder";
import { latestSnapshotAt, snapshotsSince } from "./snapshot-store";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
afterEach(() => stopUsageRecorder());

const usage = (online: number): Usage => ({
  agents: { last_30_days: 3, today: 1 },
  session_counts: { last_30_days: 20, now: 1, today: 2 },
  session_seconds: { last_30_days: 3600, today: 120 },
  visitors: { last_24_hrs: 30, online_now: online },
});

function source(answer: () => Promise<Usage>): UsageSource & { calls: () => number } {
  const getUsage = vi.fn(answer);
  return { getDb: async () => database.db, getUsage, calls: () => getUsage.mock.calls.length };
}

describe("the background usage recorder", () => {
  it("asks the API only when a snapshot is due, and stores it", async () => {
    const api = source(async () => usage(7));
    const t0 = new Date("2026-11-20T10:00:00Z");
    expect(await recordUsageIfDue(api, t0)).toBe(true);
    expect(await recordUsageIfDue(api, new Date(t0.getTime() + 4 * 60_000))).toBe(false);
    expect(api.calls()).toBe(1);
    expect(await recordUsageIfDue(api, new Date(t0.getTime() + 5 * 60_000))).toBe(true);
    expect(api.calls()).toBe(2);
    expect(await latestSnapshotAt(database.db)).toEqual(new Date(t0.getTime() + 5 * 60_000));
  });

  it("records on its own while the process runs, with one timer however often it is started", async () => {
    const before = (await snapshotsSince(database.db, new Date(0))).length;
    const first = source(async () => usage(11));
    const second = source(async () => usage(99));
    startUsageRecorder(first, 20);
    startUsageRecorder(second, 20);
    await vi.waitFor(async () => expect((await snapshotsSince(database.db, new Date(0))).length).toBe(before + 1), { timeout: 5_000 });
    // Later ticks find the fresh snapshot and leave the API alone.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.calls()).toBe(1);
    expect(second.calls()).toBe(0);
    const all = await snapshotsSince(database.db, new Date(0));
    expect(all.at(-1)?.usage.visitors.online_now).toBe(11);
  });

  it("keeps running when the API is down, and says so once", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const down = source(async () => {
      throw new Error("connect ECONNREFUSED");
    });
    // No snapshot stored: one is due on every tick.
    await database.db.delete(usageSnapshots);
    startUsageRecorder(down, 20);
    await vi.waitFor(() => expect(down.calls()).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain("ECONNREFUSED");
    warn.mockRestore();
  });
});
