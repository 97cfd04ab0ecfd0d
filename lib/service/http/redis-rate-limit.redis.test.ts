import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { connectRedis } from "@/lib/redis/connection";
import { RedisRateLimiter } from "./redis-rate-limit";

const minute = 60_000;
// A window of its own per run, so counts left by an earlier run on the same server never interfere.
const start = Math.floor(Date.now() / minute) * minute;
let perMinute = 3;
const bucket = (key: string) => [{ key, perMinute }];

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
    const limiterA = new RedisRateLimiter(nodeA);
    const limiterB = new RedisRateLimiter(nodeB);
    expect(await limiterA.take(bucket("shared"), start + 1_000)).toBe(0);
    expect(await limiterB.take(bucket("shared"), start + 1_000)).toBe(0);
    expect(await limiterA.take(bucket("shared"), start + 1_000)).toBe(0);
    expect(await limiterB.take(bucket("shared"), start + 1_000)).toBe(59);
    expect(await limiterA.take(bucket("shared"), start + 59_500)).toBe(1);
    expect(await limiterB.take(bucket("other"), start + 1_000)).toBe(0);
  });

  it("starts a fresh allowance in the next window, and lets each window key expire", async () => {
    perMinute = 1;
    const limiterA = new RedisRateLimiter(nodeA);
    const limiterB = new RedisRateLimiter(nodeB);
    expect(await limiterA.take(bucket("windowed"), start)).toBe(0);
    expect(await limiterB.take(bucket("windowed"), start + 30_000)).toBe(30);
    expect(await limiterB.take(bucket("windowed"), start + minute)).toBe(0);
    const ttl = await nodeA.pttl(`tandem:rate:windowed:${start}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(minute);
  });

  it("counts several buckets in one round trip, each against its own allowance", async () => {
    const limiter = new RedisRateLimiter(nodeA);
    const request = [
      { key: "multi-address", perMinute: 1 },
      { key: "multi-site", perMinute: 100 },
    ];
    expect(await limiter.take(request, start + 1_000)).toBe(0);
    expect(await limiter.take(request, start + 1_000)).toBe(59);
    expect(await nodeB.get(`tandem:rate:multi-site:${start}`)).toBe("2");
  });

  it("counts the requests of one event loop turn in one round trip, each against its allowance", async () => {
    const limiter = new RedisRateLimiter(nodeA);
    const transactions = async () => Number(/cmdstat_multi:calls=(\d+)/.exec(await nodeB.info("commandstats"))?.[1] ?? 0);
    const before = await transactions();
    const request = [{ key: "turn", perMinute: 2 }];
    const waits = await Promise.all([0, 1, 2].map(() => limiter.take(request, start + 1_000)));
    expect(waits).toEqual([0, 0, 59]);
    expect((await transactions()) - before).toBe(1);
  });

  it("lets requests through, logging once, while Redis is unreachable", async () => {
    const unreachable = connectRedis("redis://127.0.0.1:1", "rate-limit-test-down");
    unreachable.on("error", () => {}); // connection errors are expected here
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const limiter = new RedisRateLimiter(unreachable);
      expect(await limiter.take(bucket("down"), start)).toBe(0);
      expect(await limiter.take(bucket("down"), start)).toBe(0);
      // The connection says it is unavailable on its own (lib/redis/connection.ts); the limiter adds one line.
      expect(log.mock.calls.filter(([line]) => String(line).startsWith("Rate limits unavailable"))).toHaveLength(1);
    } finally {
      log.mockRestore();
      unreachable.disconnect();
    }
  });
});
