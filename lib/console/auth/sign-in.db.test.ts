import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { closePasswordPool } from "../users/passwords";
import { auditEvents } from "@/lib/audit/schema";
import { addressSignInLimit, signIn, SignInError, SIGN_IN_LIMIT } from "./sign-in";
import { createUser } from "../users/users";
import { consoleUsers } from "../schema";
import { and, eq } from "drizzle-orm";

let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
  await createUser(database.db, { email: "Ann@Example.com", name: "Ann", role: "lead", password: "correct horse battery" });
  await createUser(database.db, { email: "ben@example.com", name: "Ben", role: "agent", password: "another good password" });
});
afterAll(async () => {
  await closePasswordPool();
  await database.close();
});

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

  it(`checks at most ${SIGN_IN_LIMIT.failures} passwords of one email however many attempts arrive at once, then refuses the right one`, async () => {
    await createUser(database.db, { email: "cy@example.com", name: "Cy", role: "agent", password: "cy's real password" });
    // Each from its own address: only the email's limit applies.
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => signIn(database.db, { email: "cy@example.com", password: `guess-${i}`, ip: `198.51.100.${i + 1}` })),
    );
    const reasons = results.map((result) => (result.status === "rejected" ? (result.reason as SignInError).reason : "signed in"));
    expect(reasons.filter((reason) => reason === "invalid")).toHaveLength(SIGN_IN_LIMIT.failures);
    expect(reasons.filter((reason) => reason === "throttled")).toHaveLength(40 - SIGN_IN_LIMIT.failures);

    const audited = await database.db.select().from(auditEvents).where(eq(auditEvents.actorEmail, "cy@example.com"));
    expect(audited.filter((row) => row.detail.reason === "invalid")).toHaveLength(SIGN_IN_LIMIT.failures);
    expect(audited.filter((row) => row.detail.reason === "throttled")).toHaveLength(40 - SIGN_IN_LIMIT.failures);
    await expect(signIn(database.db, { email: "cy@example.com", password: "cy's real password", ip: "192.0.2.77" })).rejects.toMatchObject({
      reason: "throttled",
    });
  });

  it(`refuses a client address after ${addressSignInLimit().failures} failures across emails, even with a right password; other addresses are not affected`, async () => {
    await createUser(database.db, { email: "dee@example.com", name: "Dee", role: "agent", password: "dee's real password" });
    const ip = "192.0.2.200";
    const sprayed = await Promise.allSettled(
      Array.from({ length: addressSignInLimit().failures + 5 }, (_, i) =>
        signIn(database.db, { email: `spray-${i}@example.com`, password: "Winter2026!", ip }),
      ),
    );
    const reasons = sprayed.map((result) => (result.status === "rejected" ? (result.reason as SignInError).reason : "signed in"));
    expect(reasons.filter((reason) => reason === "invalid")).toHaveLength(addressSignInLimit().failures);
    expect(reasons.filter((reason) => reason === "throttled")).toHaveLength(5);

    const refused = await signIn(database.db, { email: "dee@example.com", password: "dee's real password", ip }).catch((error: SignInError) => error);
    expect(refused).toBeInstanceOf(SignInError);
    expect((refused as SignInError).message).toMatch(/Too many failed attempts from your network address\. Try again in 15 minutes\./);
    const rows = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorEmail, "dee@example.com"), eq(auditEvents.ip, ip)));
    expect(rows).toMatchObject([{ outcome: "failure", detail: { reason: "throttled", by: "address" } }]);
    await expect(signIn(database.db, { email: "dee@example.com", password: "dee's real password", ip: "192.0.2.201" })).resolves.toMatchObject({ name: "Dee" });
  });

  it("refuses a disabled user", async () => {
    await database.db.update(consoleUsers).set({ disabledAt: new Date() }).where(eq(consoleUsers.email, "ann@example.com"));
    await expect(attempt("ann@example.com", "correct horse battery")).rejects.toThrow(/disabled/);
  });
});
