import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { auditEvents } from "./schema";
import { signIn, SignInError, SIGN_IN_LIMIT } from "./sign-in";
import { createUser } from "./users";
import { consoleUsers } from "./schema";
import { eq } from "drizzle-orm";

let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
  await createUser(database.db, { email: "Ann@Example.com", name: "Ann", role: "lead", password: "correct horse battery" });
  await createUser(database.db, { email: "ben@example.com", name: "Ben", role: "agent", password: "another good password" });
});
afterAll(() => database.close());

const attempt = (email: string, password: string, now?: Date) => signIn(database.db, { email, password, ip: "203.0.113.9" }, now);

describe("signIn", () => {
  it("accepts the right password whatever the email's case, and audits it with the IP", async () => {
    const user = await attempt("ANN@example.com", "correct horse battery");
    expect(user.email).toBe("ann@example.com");
    const rows = await database.db.select().from(auditEvents).where(eq(auditEvents.actorEmail, "ann@example.com"));
    expect(rows.at(-1)).toMatchObject({ action: "sign_in", outcome: "success", ip: "203.0.113.9", actorId: user.id });
  });

  it("refuses a wrong password and an unknown email with the same message", async () => {
    await expect(attempt("ann@example.com", "wrong")).rejects.toThrow("Email or password is incorrect.");
    await expect(attempt("nobody@example.com", "wrong")).rejects.toThrow("Email or password is incorrect.");
  });

  it(`refuses an email after ${SIGN_IN_LIMIT.failures} failures in 15 minutes, even with the right password, then lets it in again`, async () => {
    const start = new Date();
    for (let i = 0; i < SIGN_IN_LIMIT.failures; i++) await expect(attempt("ben@example.com", `guess-${i}`, start)).rejects.toThrow(SignInError);
    const refused = await attempt("ben@example.com", "another good password", start).catch((error: SignInError) => error);
    expect(refused).toBeInstanceOf(SignInError);
    expect((refused as SignInError).reason).toBe("throttled");
    expect((refused as SignInError).message).toMatch(/Try again in 15 minutes/);
    // Another email is not affected.
    await expect(attempt("ann@example.com", "correct horse battery", start)).resolves.toMatchObject({ name: "Ann" });
    // Once the failures leave the window, the right password works again.
    const later = new Date(start.getTime() + SIGN_IN_LIMIT.windowMs + 1_000);
    await expect(attempt("ben@example.com", "another good password", later)).resolves.toMatchObject({ name: "Ben" });
  });

  it("refuses a disabled user", async () => {
    await database.db.update(consoleUsers).set({ disabledAt: new Date() }).where(eq(consoleUsers.email, "ann@example.com"));
    await expect(attempt("ann@example.com", "correct horse battery")).rejects.toThrow(/disabled/);
  });
});
