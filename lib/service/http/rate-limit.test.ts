import { describe, expect, it } from "vitest";
import { InProcessRateLimiter } from "./rate-limit";

const minute = 60_000;
const start = 100 * minute;

describe("InProcessRateLimiter", () => {
  it("lets a key make its allowance per window, then says how long to wait", async () => {
    const limiter = new InProcessRateLimiter(3);
    for (let i = 0; i < 3; i++) expect(await limiter.take("key_a", start + 1_000)).toBe(0);
    expect(await limiter.take("key_a", start + 1_000)).toBe(59);
    expect(await limiter.take("key_a", start + 59_500)).toBe(1);
  });

  it("counts each key on its own", async () => {
    const limiter = new InProcessRateLimiter(1);
    expect(await limiter.take("key_a", start)).toBe(0);
    expect(await limiter.take("key_b", start)).toBe(0);
    expect(await limiter.take("key_a", start)).toBeGreaterThan(0);
  });

  it("starts a fresh allowance in the next window", async () => {
    const limiter = new InProcessRateLimiter(1);
    expect(await limiter.take("key_a", start)).toBe(0);
    expect(await limiter.take("key_a", start + 30_000)).toBe(30);
    expect(await limiter.take("key_a", start + minute)).toBe(0);
  });
});
