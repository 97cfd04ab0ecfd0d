import type { Redis } from "ioredis";
import { gatheredPerTurn } from "@/lib/gathered-per-turn";
import { assertConnected } from "@/lib/redis/connection";
import { secondsToWait, WINDOW_MS, windowStart, type Bucket, type RateLimiter } from "./rate-limit";

/**
 * A fixed one-minute window per bucket counted in Redis, so every app node draws from one allowance.
 * Each window is a key of its own that expires after a window's length. The requests of one event loop
 * turn are counted in one round trip (a beat takes two counts: by address, then by visitor).
 *
 * Rate limiting protects the service; it is not part of any answer's correctness. So while Redis is
 * unreachable, requests go ahead unlimited rather than failing or waiting for it, and the outage is
 * logged once (again after Redis came back and was lost anew).
 */
export class RedisRateLimiter implements RateLimiter {
  private failing = false;
  private readonly countInTurn = gatheredPerTurn(async (requests: string[][]) => {
    const counts = await this.count(requests.flat());
    return requests.map((windowKeys) => counts.splice(0, windowKeys.length));
  });

  constructor(private readonly redis: Redis) {}

  async take(buckets: readonly Bucket[], now = Date.now()): Promise<number> {
    if (!buckets.length) return 0;
    const start = windowStart(now);
    try {
      assertConnected(this.redis);
      const counts = await this.countInTurn(buckets.map(({ key }) => `tandem:rate:${key}:${start}`));
      this.failing = false;
      return Math.max(...buckets.map(({ perMinute }, index) => secondsToWait(counts[index], perMinute, start, now)));
    } catch (error) {
      if (!this.failing) console.error("Rate limits unavailable, letting requests through:", error);
      this.failing = true;
      return 0;
    }
  }

  /** INCR and PEXPIRE of every window key in one MULTI, so none is ever left without an expiry. */
  private async count(windowKeys: string[]): Promise<number[]> {
    const multi = this.redis.multi();
    for (const windowKey of windowKeys) multi.incr(windowKey).pexpire(windowKey, WINDOW_MS);
    const replies = await multi.exec();
    if (!replies) throw new Error("MULTI was aborted");
    return windowKeys.map((_, index) => {
      const [error, count] = replies[index * 2];
      if (error) throw error;
      return Number(count);
    });
  }
}
