import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { passwordTasksDone, verifyPassword } from "../users/passwords";
import { addressSignInLimit } from "../auth/sign-in-attempts";
import { auditEvents } from "@/lib/audit/schema";
import { consoleUsers, passwordResets } from "../schema";
import { signIn } from "../auth/sign-in";
import { findEnabledUser } from "../users/enabled-users";
import { createUser } from "../users/users";
import { CHANGE_LIMIT, changeOwnPassword, createResetToken, hashResetToken, RESET_LINK_TTL_MS, resetTokenUsable, useResetToken } from "./passwords";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const newUser = (email: string) => createUser(database.db, { email, name: "Pat", role: "agent", password: "the old password" });
const auditOf = (action: string, actorId: string) =>
  database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.actorId, actorId)));

describe("changing one's own password", () => {
  it("needs the current password, ends older sessions and is audited", async () => {
    const user = await newUser("change@example.com");
    const signedIn = Date.now() - 1_000;
    await expect(
      changeOwnPassword(database.db, { userId: user.id, email: user.email, current: "wrong", next: "a brand new password", ip: "10.0.0.1" }),
    ).rejects.toThrow("The current password is incorrect.");
    expect(await findEnabledUser(database.db, user.id, signedIn)).toBeDefined();

    await changeOwnPassword(database.db, { userId: user.id, email: user.email, current: "the old password", next: "a brand new password", ip: "10.0.0.1" });
    expect(await findEnabledUser(database.db, user.id, signedIn)).toBeUndefined();
    expect(await findEnabledUser(database.db, user.id, Date.now() + 1_000)).toMatchObject({ id: user.id });
    const rows = await auditOf("password_changed", user.id);
    expect(rows.map((row) => [row.outcome, row.detail])).toEqual([
      ["failure", { reason: "invalid" }],
      ["success", {}],
    ]);
  });

  it("refuses, whatever the password, after too many wrong ones", async () => {
    const user = await newUser("guess@example.com");
    const attempt = (current: string) =>
      changeOwnPassword(database.db, { userId: user.id, email: user.email, current, next: "a brand new password", ip: null });
    for (let i = 0; i < CHANGE_LIMIT.failures; i++) await expect(attempt(`wrong ${i}`)).rejects.toThrow("incorrect");
    await expect(attempt("the old password")).rejects.toThrow("Too many wrong passwords");
  });
});

describe("password reset links", () => {
  it("stores only the token's hash, works once and ends older sessions", async () => {
    const admin = await createUser(database.db, { email: "resetter@example.com", name: "Admin", role: "admin", password: "an admin password" });
    const user = await newUser("reset@example.com");
    const signedIn = Date.now() - 1_000;
    const { token } = await createResetToken(database.db, { userId: user.id, createdBy: admin.id });
    expect(await findEnabledUser(database.db, user.id, signedIn)).toBeDefined();
    const stored = await database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toBe(hashResetToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await resetTokenUsable(database.db, token)).toBe(true);

    await useResetToken(database.db, { token, password: "a reset password!", ip: "10.0.0.2" });
    expect(await findEnabledUser(database.db, user.id, signedIn)).toBeUndefined();
    const [after] = await database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(after.usedAt).not.toBeNull();
    expect((await signIn(database.db, { email: "reset@example.com", password: "a reset password!", ip: null })).id).toBe(user.id);

    await expect(useResetToken(database.db, { token, password: "another password!", ip: null })).rejects.toThrow("already used");
    expect(await resetTokenUsable(database.db, token)).toBe(false);
    expect((await auditOf("password_reset_used", user.id)).map((row) => row.outcome)).toEqual(["success"]);
    const failures = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "password_reset_used"), eq(auditEvents.outcome, "failure")));
    expect(failures.length).toBeGreaterThan(0);
  });

  it("expires, and only the newest link of a user opens", async () => {
    const user = await newUser("expire@example.com");
    const created = new Date("2026-01-01T00:00:00Z");
    const first = await createResetToken(database.db, { userId: user.id, createdBy: user.id }, created);
    const second = await createResetToken(database.db, { userId: user.id, createdBy: user.id }, created);
    expect(await resetTokenUsable(database.db, first.token, created)).toBe(false);
    expect(await resetTokenUsable(database.db, second.token, created)).toBe(true);
    const late = new Date(created.getTime() + RESET_LINK_TTL_MS + 1);
    await expect(useResetToken(database.db, { token: second.token, password: "a late password!", ip: null }, late)).rejects.toThrow("expired");
    const [stored] = await database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(await verifyPassword("the old password", (await findUserHash(user.id)) ?? "")).toBe(true);
    expect(stored.usedAt).toBeNull();
  });
});

describe("the reset form under a flood", () => {
  it("refuses a link that does not open before hashing anything, and then, past the address's limit, every link", async () => {
    const user = await newUser("flooded@example.com");
    const { token } = await createResetToken(database.db, { userId: user.id, createdBy: user.id });
    const ip = "198.51.100.77";
    const hashedBefore = passwordTasksDone();
    const { failures } = addressSignInLimit();
    // Not a React hook, whatever its name: a plain function of the server.
    const spend = useResetToken;
    for (let i = 0; i < failures; i++) {
      const bogus = `${String(i).padStart(2, "0")}${"x".repeat(41)}`;
      await expect(spend(database.db, { token: bogus, password: "a flood password", ip })).rejects.toThrow("This link is invalid");
    }
    expect(passwordTasksDone()).toBe(hashedBefore);

    // The real link from the same address is refused too (and stays unspent); from another address it works.
    await expect(useResetToken(database.db, { token, password: "a reset password!", ip })).rejects.toThrow(
      /Too many failed attempts from your network address/,
    );
    expect(await resetTokenUsable(database.db, token)).toBe(true);
    expect(passwordTasksDone()).toBe(hashedBefore);
    await useResetToken(database.db, { token, password: "a reset password!", ip: "198.51.100.78" });
    expect(await resetTokenUsable(database.db, token)).toBe(false);
  });
});

async function findUserHash(id: string) {
  const [row] = await database.db.select({ hash: consoleUsers.passwordHash }).from(consoleUsers).where(eq(consoleUsers.id, id));
  return row?.hash;
}
