import { describe, expect, it } from "vitest";
import { summarizeSessions } from "./agent-usage";
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
