import { RequestError } from "./transport";

/** The longest the script waits between two tries of one request. */
const MAX_WAIT_MS = 30_000;

/**
 * How long to wait before sending a failed request again, or null when trying again would not help. A
 * failure is passing when the network failed, or the service said so (429, 5xx): its Retry-After is
 * followed, else the waits double from a second. A little jitter keeps a site's visitors from coming
 * back all at once after an outage.
 */
export function retryDelayMs(error: unknown, attempt: number): number | null {
  const passing = error instanceof RequestError ? error.status === 429 || error.status === 408 || error.status >= 500 : error instanceof TypeError;
  if (!passing) return null;
  const asked = error instanceof RequestError && error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : null;
  const wait = Math.min(asked ?? 1000 * 2 ** attempt, MAX_WAIT_MS);
  return wait + Math.random() * Math.min(1000, wait / 2);
}

/** Runs a request until it succeeds or fails for good (then throws), waiting between tries as retryDelayMs says. */
export async function withRetries<T>(request: () => Promise<T>, maxTries = Infinity): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      const wait = attempt + 1 < maxTries ? retryDelayMs(error, attempt) : null;
      if (wait === null) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
