import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import bcrypt from "bcryptjs";
import { afterAll, describe, expect, it } from "vitest";
import { closePasswordPool, DUMMY_HASH, hashPassword, PASSWORD_QUEUE_LIMIT, PasswordsBusyError, PUBLIC_FORM_LIMIT, verifyPassword } from "./passwords";

afterAll(() => closePasswordPool());

describe("passwords", () => {
  it("hashes with bcrypt and checks hashes made before, by bcryptjs on this thread", async () => {
    const made = await hashPassword("a long enough password");
    expect(made).toMatch(/^\$2b\$11\$/);
    expect(bcrypt.compareSync("a long enough password", made)).toBe(true);
    const stored = bcrypt.hashSync("stored before", 11);
    expect(await verifyPassword("stored before", stored)).toBe(true);
    expect(await verifyPassword("something else", stored)).toBe(false);
    expect(DUMMY_HASH).toMatch(/^\$2b\$11\$/);
  });

  it("checks passwords off this thread: 20 at once leave the event loop free", async () => {
    await verifyPassword("warm up", DUMMY_HASH); // the first thread's start is not what is measured
    const started = performance.now();
    bcrypt.compareSync("one check, on this thread", DUMMY_HASH);
    const oneCheckMs = performance.now() - started;

    const delay = monitorEventLoopDelay({ resolution: 10 });
    const before = performance.eventLoopUtilization();
    delay.enable();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => verifyPassword(`guess ${i}`, DUMMY_HASH)));
    delay.disable();
    const busy = performance.eventLoopUtilization(before);

    expect(results.every((matches) => matches === false)).toBe(true);
    // On this thread, 20 checks would keep it busy all along, in steps of up to 100 ms each (bcryptjs's chunks).
    expect(delay.max / 1e6).toBeLessThan(oneCheckMs / 2);
    expect(busy.utilization).toBeLessThan(0.3);
  }, 60_000);

  it("refuses checks beyond its queue at once, with a message a person can act on", async () => {
    const settled = await Promise.allSettled(Array.from({ length: PASSWORD_QUEUE_LIMIT + 30 }, (_, i) => verifyPassword(`guess ${i}`, DUMMY_HASH)));
    const refused = settled.filter((result) => result.status === "rejected").map((result) => (result as PromiseRejectedResult).reason);
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) {
      expect(error).toBeInstanceOf(PasswordsBusyError);
      expect((error as Error).message).toBe("Sign-in is busy right now. Try again in a moment.");
    }
    expect(settled.filter((result) => result.status === "fulfilled" && result.value === false).length).toBeGreaterThanOrEqual(PASSWORD_QUEUE_LIMIT);
  }, 60_000);

  it("keeps the pool for sign-ins: public forms get a few hashes at a time, and a sign-in still runs beside a flood of them", async () => {
    const flood = Array.from({ length: PUBLIC_FORM_LIMIT + 20 }, (_, i) => hashPassword(`a public form ${i}`, "public"));
    const signIn = verifyPassword("a sign-in", DUMMY_HASH);
    const settled = await Promise.allSettled(flood);
    expect(await signIn).toBe(false);
    expect(settled.filter((result) => result.status === "fulfilled")).toHaveLength(PUBLIC_FORM_LIMIT);
    for (const result of settled.filter((result) => result.status === "rejected"))
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(PasswordsBusyError);
    // The lane frees as its hashes finish.
    expect(await hashPassword("a public form, later", "public")).toMatch(/^\$2b\$11\$/);
  }, 60_000);
});
