/** How many requests each API key may make per one-minute window. */
export interface RateLimiter {
  /** Counts one request of `key`: seconds to wait when over the limit, or 0 when it may go ahead. */
  take(key: string, now?: number): Promise<number>;
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

/** A fixed one-minute window per key, counted in this process: the limit of a single app node. */
export class InProcessRateLimiter implements RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  async take(key: string, now = Date.now()): Promise<number> {
    const start = windowStart(now);
    const current = this.windows.get(key);
    if (!current || current.start !== start) {
      if (this.windows.size > 10_000) this.windows.clear(); // old windows of idle keys
      this.windows.set(key, { start, count: 1 });
      return secondsToWait(1, this.perMinute, start, now);
    }
    current.count += 1;
    return secondsToWait(current.count, this.perMinute, start, now);
  }
}
