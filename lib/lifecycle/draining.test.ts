import { describe, expect, it } from "vitest";
import { countedInFlight, drain, isDraining, trackStream } from "./draining";

describe("drain", () => {
  it("closes the live streams at once, waits for requests in flight, then resolves", async () => {
    const closed: string[] = [];
    trackStream(() => closed.push("visitor stream"));
    const untrack = trackStream(() => closed.push("gone already"));
    untrack();
    let finish!: () => void;
    const request = countedInFlight(() => new Promise<string>((resolve) => (finish = () => resolve("written"))));

    let drained = false;
    const draining = drain(5_000).then((idle) => (drained = idle));
    expect(isDraining()).toBe(true);
    expect(closed).toEqual(["visitor stream"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drained).toBe(false); // the request is still writing

    finish();
    expect(await request).toBe("written");
    await draining;
    expect(drained).toBe(true);
  });

  it("gives up after the timeout when a request never finishes", async () => {
    void countedInFlight(() => new Promise(() => undefined));
    const started = Date.now();
    expect(await drain(100)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });
});
