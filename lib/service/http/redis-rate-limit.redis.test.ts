import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { connectRedis } from "@/lib/redis/connection";
import { RedisRateLimiter } from "./redis-rate-limit";

const minute = 60_000;
// A window of its own per run, so counts left by an earlier run on the same server never interfere.
const start = Math.floor(Date.now() / minute) * minute;

describe("RedisRateLimiter", () => {
  let nodeA: Redis;
  let nodeB: Redis;

  beforeAll(() => {
    nodeA = connectRedis(inject("redisUrl"), "rate-limit-test-a");
    nodeB = connectRedis(inject("redisUrl"), "rate-limit-test-b");
  });

  afterAll(async () => {
    await Promise.all([nodeA.quit(), nodeB.quit()]);
  });

  it("shares one allowance per key between app nodes", async () => {
    const limiterA = new RedisRateLimiter(nodeA, 3);
    const limiterB = new RedisRateLimiter(nodeB, 3);
    expect(await limiterA.take("shared", start + 1_000)).toBe(0);
    expect(await limiterB.take("shared", start + 1_000)).toBe(0);
    expect(await limiterA.take("shared", start + 1_000)).toBe(0);
    expect(await limiterB.take("shared", start + 1_000)).toBe(59);
    expect(await limiterA.take("shared", start + 59_500)).toBe(1);
    expect(await limiterB.take("other", start + 1_000)).toBe(0);
  });

  it("starts a fresh allowance in the next window, and lets each window key expire", async () => {
    const limiterA = new RedisRateLimiter(nodeA, 1);
    const limiterB = new RedisRateLimiter(nodeB, 1);
    expect(await limiterA.take("windowed", start)).toBe(0);
    expect(await limiterB.take("windowed", start + 30_000)).toBe(30);
    expect(await limiterB.take("windowed", start + minute)).toBe(0);
    const ttl = await nodeA.pttl(`tandem:rate:windowed:${start}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(minute);
  });

  it("lets requests through, logging once, while Redis is unreachable", async () => {
    const unreachable = connectRedis("redis://127.0.0.1:1", "rate-limit-test-down");
    unreachable.on("error", () => {}); // connection errors are expected here
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const limiter = new RedisRateLimiter(unreachable, 1);
      expect(await limiter.take("down", start)).toBe(0);
      expect(await limiter.take("down", start)).toBe(0);
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
      unreachable.disconnect();
    }
  });
});
