import type { Redis, RedisStatus } from "ioredis";
import { secondsToWait, WINDOW_MS, windowStart, type RateLimiter } from "./rate-limit";

// States of a connection that was lost: commands would wait out its reconnection attempts.
const LOST: RedisStatus[] = ["close", "reconnecting", "end"];

/**
 * A fixed one-minute window per key counted in Redis, so every app node draws from one allowance.
 * Each window is a key of its own that expires after a window's length.
 *
 * Rate limiting protects the service; it is not part of any answer's correctness. So while Redis is
 * unreachable, requests go ahead unlimited rather than failing or waiting for it, and the outage is
 * logged once (again after Redis came back and was lost anew).
 */
export class RedisRateLimiter implements RateLimiter {
  private failing = false;

  constructor(
    private readonly redis: Redis,
    private readonly perMinute: number,
  ) {}

  async take(key: string, now = Date.now()): Promise<number> {
    const start = windowStart(now);
    try {
      if (LOST.includes(this.redis.status)) throw new Error(`the Redis connection is ${this.redis.status}`);
      const count = await this.count(`tandem:rate:${key}:${start}`);
      this.failing = false;
      return secondsToWait(count, this.perMinute, start, now);
    } catch (error) {
      if (!this.failing) console.error("API rate limit unavailable, letting requests through:", error);
      this.failing = true;
      return 0;
    }
  }

  /** INCR and PEXPIRE in one MULTI, so no window key is ever left without an expiry. */
  private async count(windowKey: string): Promise<number> {
    const replies = await this.redis.multi().incr(windowKey).pexpire(windowKey, WINDOW_MS).exec();
    const [incrError, count] = replies?.[0] ?? [new Error("MULTI was aborted"), null];
    if (incrError) throw incrError;
    return Number(count);
  }
}
