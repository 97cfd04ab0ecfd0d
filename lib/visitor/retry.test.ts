import { describe, expect, it } from "vitest";
import { retryDelayMs, withRetries } from "./retry";
import { RequestError } from "./transport";

describe("the visitor script's retries", () => {
  it("waits as Retry-After says, else doubles from a second, and never retries what another try would not mend", () => {
    const within = (value: number | null, from: number, to: number) => value !== null && value >= from && value <= to;
    expect(within(retryDelayMs(new RequestError(503, "unavailable", 2), 0), 2000, 3000)).toBe(true);
    expect(within(retryDelayMs(new RequestError(429, "rate_limited", 40), 0), 30_000, 31_000)).toBe(true);
    expect(within(retryDelayMs(new RequestError(502, "request_failed"), 0), 1000, 1500)).toBe(true);
    expect(within(retryDelayMs(new RequestError(502, "request_failed"), 3), 8000, 9000)).toBe(true);
    expect(within(retryDelayMs(new TypeError("Failed to fetch"), 10), 30_000, 31_000)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413]) expect(retryDelayMs(new RequestError(status, "refused"), 0)).toBeNull();
    expect(retryDelayMs(new Error("a bug"), 0)).toBeNull();
  });

  it("sends a request again until it is taken, and gives up on a refusal for good", async () => {
    let tries = 0;
    const answer = await withRetries(async () => {
      if (++tries < 3) throw new RequestError(503, "unavailable", 0.01);
      return "taken";
    });
    expect([answer, tries]).toEqual(["taken", 3]);
    await expect(withRetries(() => Promise.reject(new RequestError(400, "invalid_request")))).rejects.toMatchObject({ status: 400 });
    let capped = 0;
    await expect(withRetries(() => (capped++, Promise.reject(new RequestError(503, "unavailable", 0.01))), 2)).rejects.toMatchObject({ status: 503 });
    expect(capped).toBe(2);
  });
});
