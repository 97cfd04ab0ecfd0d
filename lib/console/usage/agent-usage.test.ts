import { describe, expect, it } from "vitest";
import { averageRating, summarizeSessions } from "./agent-usage";
import { mapWithConcurrency } from "./concurrency";

describe("summarizeSessions", () => {
  it("counts the sessions started in the last 30 days and adds their lengths", () => {
    const now = new Date("2026-11-23T00:00:00Z");
    const sessions = [
      { started_at: "2026-11-22T10:00:00Z", length_seconds: 100 },
      { started_at: "2026-10-24T00:00:00Z", length_seconds: 50 }, // exactly 30 days ago: in
      { started_at: "2026-10-23T23:59:59Z", length_seconds: 999 }, // just before: out
    ];
    expect(summarizeSessions(sessions, now)).toEqual({ sessions: 2, seconds: 150 });
    expect(summarizeSessions([], now)).toEqual({ sessions: 0, seconds: 0 });
  });
});

describe("averageRating", () => {
  it("averages the visitors' ratings of the sessions of the last 30 days, and the agents' own apart", () => {
    const now = new Date("2026-11-23T00:00:00Z");
    const at = "2026-11-22T11:00:00Z";
    const sessions = [
      {
        started_at: "2026-11-22T10:00:00Z",
        quality_feedback: [
          { from: "agent" as const, rating: 4, comment: null, created_at: at },
          { from: "visitor" as const, rating: 5, comment: "Thanks", created_at: at },
        ],
      },
      { started_at: "2026-11-20T10:00:00Z", quality_feedback: [{ from: "visitor" as const, rating: 3, comment: null, created_at: at }] },
      { started_at: "2026-11-21T10:00:00Z", quality_feedback: [] },
      { started_at: "2026-10-01T10:00:00Z", quality_feedback: [{ from: "agent" as const, rating: 1, comment: null, created_at: at }] }, // too old
    ];
    expect(averageRating(sessions, now)).toEqual({ average: 4, count: 2 });
    expect(averageRating(sessions, now, "agent")).toEqual({ average: 4, count: 1 });
    expect(averageRating([{ started_at: "2026-11-21T10:00:00Z", quality_feedback: [] }], now)).toBeNull();
  });
});

describe("mapWithConcurrency", () => {
  it("keeps the input's order and never has more than the limit in flight", async () => {
    let inFlight = 0;
    let peak = 0;
    const results = await mapWithConcurrency([30, 5, 20, 1, 10, 2], 2, async (ms, index) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight--;
      return index * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
  });

  it("rejects when a call fails", async () => {
    await expect(mapWithConcurrency([1, 2], 4, async (n) => (n === 2 ? Promise.reject(new Error("boom")) : n))).rejects.toThrow("boom");
  });

  it("handles no items", async () => expect(await mapWithConcurrency([], 3, async () => 1)).toEqual([]));
});
