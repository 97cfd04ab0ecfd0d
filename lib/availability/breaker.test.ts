import { describe, expect, it } from "vitest";
import { Breaker, OPEN_MS, TRIP_AFTER_FAILURES } from "./breaker";
import { UnavailableError } from "./unavailable";

const unavailable = () => Promise.reject(Object.assign(new Error("canceling statement due to lock timeout"), { code: "55P03" }));
const answered = () => Promise.resolve("ok");

describe("Breaker", () => {
  it("opens after failures in a row for a backend, refuses at once while open, lets one request try, and closes when it succeeds", async () => {
    let now = 0;
    const breaker = new Breaker("recordPageview", () => now);
    for (let failure = 0; failure < TRIP_AFTER_FAILURES; failure++) await expect(breaker.run(unavailable)).rejects.toMatchObject({ code: "55P03" });
    let tried = false;
    await expect(breaker.run(async () => ((tried = true), "ok"))).rejects.toBeInstanceOf(UnavailableError);
    expect(tried).toBe(false);

    now += OPEN_MS;
    let finish!: (value: string) => void;
    const trial = breaker.run(() => new Promise<string>((resolve) => (finish = resolve)));
    // While the one trial runs, the others are still refused.
    await expect(breaker.run(answered)).rejects.toBeInstanceOf(UnavailableError);
    finish("ok");
    expect(await trial).toBe("ok");
    expect(await breaker.run(answered)).toBe("ok");
  });

  it("opens again at once when its trial fails", async () => {
    let now = 0;
    const breaker = new Breaker("heartbeat", () => now);
    for (let failure = 0; failure < TRIP_AFTER_FAILURES; failure++) await breaker.run(unavailable).catch(() => undefined);
    now += OPEN_MS;
    await expect(breaker.run(unavailable)).rejects.toMatchObject({ code: "55P03" });
    await expect(breaker.run(answered)).rejects.toBeInstanceOf(UnavailableError);
  });

  it("is not opened by the answers a caller gets wrong (a 404), nor by failures with successes between them", async () => {
    const breaker = new Breaker("getVisitor");
    const notFound = () => Promise.reject(Object.assign(new Error("visitor_not_found"), { status: 404 }));
    for (let round = 0; round < 5; round++) {
      await breaker.run(unavailable).catch(() => undefined);
      await breaker.run(unavailable).catch(() => undefined);
      await breaker.run(notFound).catch(() => undefined);
    }
    expect(breaker.isOpen).toBe(false);
    expect(await breaker.run(answered)).toBe("ok");
  });
});
