import { isUnavailable, UnavailableError } from "./unavailable";

/** Failures in a row, each for an unavailable backend, that open the breaker. */
export const TRIP_AFTER_FAILURES = 3;
/** How long an open breaker refuses everything before one request may try again. */
export const OPEN_MS = 1_000;

/**
 * A circuit breaker for one kind of work (an endpoint): once it failed TRIP_AFTER_FAILURES times in a row
 * because a backend could not serve (isUnavailable), it refuses at once for OPEN_MS, then lets one request
 * try while refusing the others, and closes when one succeeds. So while a lock holds the visitors table,
 * the endpoints that wait for it stop taking the database's connections from the ones that do not.
 */
export class Breaker {
  private failures = 0;
  private openUntil = 0;
  private trying = false;

  constructor(
    private readonly name: string,
    private readonly clock: () => number = Date.now,
  ) {}

  get isOpen(): boolean {
    return this.failures >= TRIP_AFTER_FAILURES;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const trial = this.isOpen;
    if (trial && (this.clock() < this.openUntil || this.trying)) throw new UnavailableError(`${this.name} is unavailable: a backend it needs failed`);
    if (trial) this.trying = true;
    try {
      const result = await work();
      this.failures = 0;
      return result;
    } catch (error) {
      if (!isUnavailable(error)) this.failures = 0;
      else if (++this.failures >= TRIP_AFTER_FAILURES) this.openUntil = this.clock() + OPEN_MS;
      throw error;
    } finally {
      if (trial) this.trying = false;
    }
  }
}
