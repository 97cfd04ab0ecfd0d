import { describe, expect, it } from "vitest";
import { InProcessRateLimiter } from "./rate-limit";

const minute = 60_000;
const start = 100 * minute;

describe("InProcessRateLimiter", () => {
  it("lets a key make its allowance per window, then says how long to wait", async () => {
    const limiter = new InProcessRateLimiter();
    const take = (now: number) => limiter.take([{ key: "key_a", perMinute: 3 }], now);
    for (let i = 0; i < 3; i++) expect(await take(start + 1_000)).toBe(0);
    expect(await take(start + 1_000)).toBe(59);
    expect(await take(start + 59_500)).toBe(1);
  });

  it("counts each key on its own", async () => {
    const limiter = new InProcessRateLimiter();
    expect(await limiter.take([{ key: "key_a", perMinute: 1 }], start)).toBe(0);
    expect(await limiter.take([{ key: "key_b", perMinute: 1 }], start)).toBe(0);
    expect(await limiter.take([{ key: "key_a", perMinute: 1 }], start)).toBeGreaterThan(0);
  });

  it("starts a fresh allowance in the next window", async () => {
    const limiter = new InProcessRateLimiter();
    expect(await limiter.take([{ key: "key_a", perMinute: 1 }], start)).toBe(0);
    expect(await limiter.take([{ key: "key_a", perMinute: 1 }], start + 30_000)).toBe(30);
    expect(await limiter.take([{ key: "key_a", perMinute: 1 }], start + minute)).toBe(0);
  });

  it("counts a request in every bucket it falls in, each against its own allowance", async () => {
    const limiter = new InProcessRateLimiter();
    const request = [
      { key: "address", perMinute: 2 },
      { key: "site", perMinute: 100 },
    ];
    expect(await limiter.take(request, start)).toBe(0);
    expect(await limiter.take(request, start)).toBe(0);
    expect(await limiter.take(request, start)).toBe(60); // the address is over, the site is not
    expect(await limiter.take([{ key: "other-address", perMinute: 2 }, request[1]], start)).toBe(0);
  });
});
