import { describe, expect, it } from "vitest";
import { currentDeadline, withinDeadline } from "./deadline";
import { isUnavailable } from "./unavailable";

const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("withinDeadline", () => {
  it("gives the work's answer when it comes in time", async () => {
    expect(await withinDeadline(async () => (await after(10), "answered"), 200)).toBe("answered");
  });

  it("refuses as unavailable (503 with Retry-After) at the deadline, and tells the abandoned work it passed", async () => {
    let seen: ReturnType<typeof currentDeadline>;
    let abandoned!: Promise<void>;
    const answer = withinDeadline(
      () =>
        (abandoned = (async () => {
          await after(300);
          seen = currentDeadline();
        })()),
      100,
    );
    const error = await answer.catch((caught: unknown) => caught);
    expect(isUnavailable(error)).toBe(true);
    await abandoned;
    expect(seen?.expiredAt).toBeTypeOf("number");
  });

  it("counts the work's time, not the client's sending its body", async () => {
    const answer = withinDeadline(async (clock) => {
      await clock.notCounting(after(250)); // the body streaming in
      await after(50);
      return "answered";
    }, 150);
    expect(await answer).toBe("answered");
  });
});
