import { describe, expect, it } from "vitest";
import { nextAttemptAt, RETRY_DELAYS_MS } from "./schedule";

describe("retry schedule", () => {
  const now = new Date("2025-01-01T00:00:00Z");

  it("waits 5 s after the first failure and 10 h after the last steps", () => {
    expect(nextAttemptAt(1, now)?.getTime()).toBe(now.getTime() + 5_000);
    expect(nextAttemptAt(2, now)?.getTime()).toBe(now.getTime() + 300_000);
    expect(nextAttemptAt(RETRY_DELAYS_MS.length, now)?.getTime()).toBe(now.getTime() + 10 * 3_600_000);
  });

  it("spans about three days, then gives up", () => {
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total / 3_600_000).toBeGreaterThan(60);
    expect(total / 3_600_000).toBeLessThan(76);
    expect(nextAttemptAt(RETRY_DELAYS_MS.length + 1, now)).toBeNull();
  });
});
