/**
 * A fixed one-minute window per key, in this process. (Several app nodes share it through Redis once
 * the scale-out work lands; until then each node counts its own.)
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  /** Seconds to wait when over the limit, or 0 when the request may go ahead. */
  take(key: string, now = Date.now()): number {
    const windowStart = now - (now % 60_000);
    const current = this.windows.get(key);
    if (!current || current.start !== windowStart) {
      if (this.windows.size > 10_000) this.windows.clear(); // old windows of idle keys
      this.windows.set(key, { start: windowStart, count: 1 });
      return 0;
    }
    current.count += 1;
    return current.count > this.perMinute ? Math.ceil((windowStart + 60_000 - now) / 1000) : 0;
  }
}
