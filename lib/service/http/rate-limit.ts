/** One allowance: `perMinute` requests per one-minute window for everything sharing `key`. */
export interface Bucket {
  key: string;
  perMinute: number;
}

/** Counts requests against their buckets. */
export interface RateLimiter {
  /** Counts one request in each bucket: seconds to wait when any is over its allowance, or 0 to go ahead. */
  take(buckets: readonly Bucket[], now?: number): Promise<number>;
}

export const WINDOW_MS = 60_000;

/** Start of the fixed one-minute window holding `now`. */
export function windowStart(now: number): number {
  return now - (now % WINDOW_MS);
}

/** Seconds to wait once `count` requests fell in the window starting at `start`, or 0 within the limit. */
export function secondsToWait(count: number, perMinute: number, start: number, now: number): number {
  return count > perMinute ? Math.ceil((start + WINDOW_MS - now) / 1000) : 0;
}

/** A fixed one-minute window per bucket, counted in this process: the limits of a single app node. */
export class InProcessRateLimiter implements RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  async take(buckets: readonly Bucket[], now = Date.now()): Promise<number> {
    const start = windowStart(now);
    let wait = 0;
    for (const { key, perMinute } of buckets) {
      let current = this.windows.get(key);
      if (!current || current.start !== start) {
        if (this.windows.size > 100_000) this.windows.clear(); // old windows of idle keys
        current = { start, count: 0 };
        this.windows.set(key, current);
      }
      current.count += 1;
      wait = Math.max(wait, secondsToWait(current.count, perMinute, start, now));
    }
    return wait;
  }
}
