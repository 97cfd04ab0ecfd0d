import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "@/lib/audit/schema";
import { openTestDatabase } from "@/lib/testing/test-database";
import { addressSignInLimit } from "../auth/sign-in-attempts";
import { closePasswordPool, passwordTasksDone } from "../users/passwords";
import { countUsers } from "../users/users";
import { FIRST_ADMIN_CREATED, setUpFirstAdmin } from "./first-admin";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await closePasswordPool();
  await database.close();
});

const form = (email: string) => ({ name: "Robin", email, password: "a strong first password" });

describe("the first-admin form", () => {
  it("makes one admin, then refuses every later submission before hashing, and past the address's limit refuses it outright", async () => {
    const made = await setUpFirstAdmin(database.db, form("robin@example.com"), "192.0.2.10");
    expect(made).toMatchObject({ admin: { email: "robin@example.com", role: "admin" } });

    const hashedBefore = passwordTasksDone();
    const { failures } = addressSignInLimit();
    for (let i = 0; i < failures; i++) {
      expect(await setUpFirstAdmin(database.db, form(`intruder${i}@example.com`), "192.0.2.66")).toEqual({
        error: "An admin already exists. Reload the page and sign in.",
      });
    }
    expect(passwordTasksDone()).toBe(hashedBefore);
    expect(await setUpFirstAdmin(database.db, form("one-more@example.com"), "192.0.2.66")).toEqual({
      error: expect.stringMatching(/^Too many failed attempts from your network address. Try again in 1[45] minutes.$/),
    });
    expect(await countUsers(database.db)).toBe(1);

    const refusals = await database.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, FIRST_ADMIN_CREATED), eq(auditEvents.outcome, "failure")));
    expect(refusals.filter((row) => (row.detail as { reason?: string }).reason === "users_exist")).toHaveLength(failures);
    expect(refusals.filter((row) => (row.detail as { reason?: string }).reason === "throttled")).toHaveLength(1);
  });
});
