import { describe, expect, it } from "vitest";
import type { Usage } from "@/lib/contract";
import { describeSeries, shouldRecordSnapshot, SNAPSHOT_INTERVAL_MS, trendPoints } from "./snapshots";

const now = new Date("2026-11-23T08:35:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("shouldRecordSnapshot", () => {
  it("records the first snapshot", () => expect(shouldRecordSnapshot(null, now)).toBe(true));
  it("waits 5 minutes after the latest", () => {
    expect(shouldRecordSnapshot(ago(1_000), now)).toBe(false);
    expect(shouldRecordSnapshot(ago(SNAPSHOT_INTERVAL_MS - 1), now)).toBe(false);
    expect(shouldRecordSnapshot(ago(SNAPSHOT_INTERVAL_MS), now)).toBe(true);
    expect(shouldRecordSnapshot(ago(3_600_000), now)).toBe(true);
  });
  it("does not stall for ever when the clock moved back", () => {
    expect(shouldRecordSnapshot(new Date(now.getTime() + 60_000), now)).toBe(false);
    expect(shouldRecordSnapshot(new Date(now.getTime() + 2 * SNAPSHOT_INTERVAL_MS), now)).toBe(true);
  });
});

function usage(online: number, sessionsNow: number): Usage {
  return {
    agents: { last_30_days: 5, today: 1 },
    session_counts: { last_30_days: 160, now: sessionsNow, today: 4 },
    session_seconds: { last_30_days: 90_000, today: 3_000 },
    visitors: { last_24_hrs: 40, online_now: online },
  };
}

describe("trendPoints", () => {
  it("keeps 5-minute snapshots as they are over 24 hours, oldest first", () => {
    const points = trendPoints(
      [
        { at: ago(5 * 60_000), usage: usage(12, 1) },
        { at: ago(10 * 60_000), usage: usage(10, 0) },
      ],
      "24h",
    );
    expect(points.map((p) => p.visitorsOnline)).toEqual([10, 12]);
    expect(points.map((p) => p.sessionsNow)).toEqual([0, 1]);
  });

  it("averages the snapshots of a 2-hour bucket over 30 days", () => {
    const start = new Date("2026-11-23T02:00:00Z").getTime();
    const points = trendPoints(
      [
        { at: new Date(start), usage: usage(10, 1) },
        { at: new Date(start + 5 * 60_000), usage: usage(11, 0) },
        { at: new Date(start + 10 * 60_000), usage: usage(11, 0) },
        { at: new Date(start + 2 * 3_600_000), usage: usage(3, 2) },
      ],
      "30d",
    );
    expect(points).toEqual([
      { at: "2026-11-23T02:00:00.000Z", visitorsOnline: 10.7, sessionsNow: 0.3 },
      { at: "2026-11-23T04:00:00.000Z", visitorsOnline: 3, sessionsNow: 2 },
    ]);
  });

  it("has no points without snapshots", () => expect(trendPoints([], "7d")).toEqual([]));
});

describe("ranges and summaries", () => {
  it("summarises a series for screen readers", () => {
    expect(describeSeries([3, 12, 7])).toBe("between 3 and 12, latest 7");
    expect(describeSeries([4, 4])).toBe("steady at 4");
    expect(describeSeries([])).toBe("no data");
  });
});
