import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { closePasswordPool } from "../users/passwords";
import { auditEvents } from "@/lib/audit/schema";
import { consoleUsers } from "../schema";
import { signIn } from "../auth/sign-in";
import { findEnabledUser } from "../users/enabled-users";
import { createUser, ensureAdmin, findUserByEmail } from "../users/users";
import { SSO_SIGN_IN_ACTION, ssoSignIn, type SsoPolicy } from "./sign-in";

const ISSUER = "https://login.example.com";
const BREAK_GLASS = { email: "ops@example.com", password: "break-glass password 1" };
const mapping: SsoPolicy = {
  allowedDomains: ["example.com"],
  roleClaim: "groups",
  adminGroups: ["admins"],
  leadGroups: ["leads"],
  breakGlassEmail: BREAK_GLASS.email,
};
const claims = (sub: string, email: string, groups: string[] = [], extra: Record<string, unknown> = {}) => ({
  sub,
  email,
  email_verified: true,
  name: email.split("@")[0],
  groups,
  ...extra,
});

let database: Awaited<ReturnType<typeof openTestDatabase>>;
const attempt = (input: Record<string, unknown>, issuer = ISSUER) => ssoSignIn(database.db, { issuer, claims: input, ip: "203.0.113.7" }, mapping);
const lastAudit = async (email: string) =>
  (
    await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, SSO_SIGN_IN_ACTION), eq(auditEvents.actorEmail, email)))
  ).at(-1);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await closePasswordPool();
  await database.close();
});

describe("ssoSignIn", () => {
  it("creates the user on first sign-in, without a password, with the role of the groups, and audits it", async () => {
    const result = await attempt(claims("sub-lead", "Lena@Example.com", ["staff", "leads"]));
    expect(result).toMatchObject({ user: { email: "lena@example.com", role: "lead", passwordHash: null, oidcIssuer: ISSUER, oidcSubject: "sub-lead" } });
    expect(await lastAudit("lena@example.com")).toMatchObject({
      outcome: "success",
      ip: "203.0.113.7",
      actorId: (result as { user: { id: string } }).user.id,
      detail: { issuer: ISSUER, role: "lead", created: true },
    });
  });

  it("follows the provider's groups at every sign-in, up and down, and audits the previous role", async () => {
    const first = await attempt(claims("sub-mo", "mo@example.com", ["admins"]));
    const moId = (first as { user: { id: string } }).user.id;
    expect((await findEnabledUser(database.db, moId))?.role).toBe("admin");
    const again = await attempt(claims("sub-mo", "mo@example.com", []));
    // The caller check sees the demotion at once.
    expect((await findEnabledUser(database.db, moId))?.role).toBe("agent");
    expect(again).toMatchObject({ user: { id: (first as { user: { id: string } }).user.id, role: "agent" } });
    expect(await lastAudit("mo@example.com")).toMatchObject({ outcome: "success", detail: { role: "agent", previousRole: "admin" } });
    await attempt(claims("sub-mo", "mo@example.com", ["leads"]));
    expect((await findUserByEmail(database.db, "mo@example.com"))?.role).toBe("lead");
    expect(await database.db.select().from(consoleUsers).where(eq(consoleUsers.oidcSubject, "sub-mo"))).toHaveLength(1);
  });

  it("keeps a user disabled in the console out whatever the provider says, and changes nothing", async () => {
    const { user } = (await attempt(claims("sub-dee", "dee@example.com", ["leads"]))) as { user: { id: string } };
    await database.db.update(consoleUsers).set({ disabledAt: new Date() }).where(eq(consoleUsers.id, user.id));
    expect(await attempt(claims("sub-dee", "dee@example.com", ["admins"]))).toEqual({ refusal: "disabled" });
    expect((await findUserByEmail(database.db, "dee@example.com"))?.role).toBe("lead");
    expect(await lastAudit("dee@example.com")).toMatchObject({ outcome: "failure", actorId: user.id, detail: { reason: "disabled" } });
  });

  it("refuses another domain before touching users, and audits the email it came with", async () => {
    expect(await attempt(claims("sub-eve", "eve@evil.org", ["admins"]))).toEqual({ refusal: "domain" });
    expect(await findUserByEmail(database.db, "eve@evil.org")).toBeUndefined();
    expect(await lastAudit("eve@evil.org")).toMatchObject({ outcome: "failure", detail: { reason: "domain", issuer: ISSUER } });
  });

  it("refuses a missing groups claim without demoting anyone", async () => {
    await attempt(claims("sub-ada", "ada@example.com", ["admins"]));
    expect(await attempt({ ...claims("sub-ada", "ada@example.com"), groups: undefined })).toEqual({ refusal: "no_groups_claim" });
    expect((await findUserByEmail(database.db, "ada@example.com"))?.role).toBe("admin");
    expect(await lastAudit("ada@example.com")).toMatchObject({ outcome: "failure", detail: { reason: "no_groups_claim" } });
  });

  it("ties an existing password user to the provider by verified email, who keeps the account and can still use the password", async () => {
    const existing = await createUser(database.db, { email: "pat@example.com", name: "Pat", role: "agent", password: "pat's long password" });
    const result = await attempt(claims("sub-pat", "pat@example.com", ["leads"]));
    expect(result).toMatchObject({ user: { id: existing.id, role: "lead", oidcSubject: "sub-pat" } });
    expect(await lastAudit("pat@example.com")).toMatchObject({ detail: { linked: true, previousRole: "agent" } });
    await expect(signIn(database.db, { email: "pat@example.com", password: "pat's long password", ip: null })).resolves.toMatchObject({ id: existing.id });
  });

  it("does not hand an account tied to one subject to another subject that now has its email", async () => {
    await attempt(claims("sub-old-sam", "sam@example.com", ["admins"]));
    expect(await attempt(claims("sub-new-sam", "sam@example.com", []))).toEqual({ refusal: "linked_elsewhere" });
    expect(await lastAudit("sam@example.com")).toMatchObject({ outcome: "failure", detail: { reason: "linked_elsewhere" } });
  });

  it("refuses an unverified email, so nobody takes over a console user by claiming their address", async () => {
    await createUser(database.db, { email: "boss@example.com", name: "Boss", role: "admin", password: "boss's long password" });
    expect(await attempt(claims("sub-mallory", "boss@example.com", ["admins"], { email_verified: false }))).toEqual({ refusal: "email_unverified" });
    expect((await findUserByEmail(database.db, "boss@example.com"))?.oidcSubject).toBeNull();
  });

  it("creates one user when two first sign-ins of one person arrive at once", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => attempt(claims("sub-twin", "twin@example.com", ["leads"]))));
    const ids = new Set(results.map((result) => (result as { user: { id: string } }).user.id));
    expect(ids.size).toBe(1);
  });

  it("follows an email change at the provider, unless another console user has the new email", async () => {
    await attempt(claims("sub-kim", "kim@example.com"));
    await attempt(claims("sub-kim", "kim.lee@example.com"));
    expect(await findUserByEmail(database.db, "kim.lee@example.com")).toMatchObject({ oidcSubject: "sub-kim" });
    await createUser(database.db, { email: "taken@example.com", name: "Taken", role: "agent", password: "a long password!" });
    await attempt(claims("sub-kim", "taken@example.com"));
    expect(await findUserByEmail(database.db, "kim.lee@example.com")).toMatchObject({ oidcSubject: "sub-kim" });
    expect(await findUserByEmail(database.db, "taken@example.com")).toMatchObject({ name: "Taken", oidcSubject: null });
  });

  it("refuses the break-glass admin's address, and changes nothing about that user: no link, no new name, no new role", async () => {
    await ensureAdmin(database.db, BREAK_GLASS.email, BREAK_GLASS.password);
    const before = await findUserByEmail(database.db, BREAK_GLASS.email);
    expect(await attempt(claims("sub-ops", "OPS@example.com", ["staff"], { name: "Mallory" }))).toEqual({ refusal: "break_glass" });
    expect(await findUserByEmail(database.db, BREAK_GLASS.email)).toEqual(before);
    expect(before).toMatchObject({ role: "admin", name: "Admin", oidcIssuer: null, oidcSubject: null });
    expect(await lastAudit(BREAK_GLASS.email)).toMatchObject({ outcome: "failure", detail: { reason: "break_glass", issuer: ISSUER } });
    // The password still opens an admin's console.
    await expect(signIn(database.db, { ...BREAK_GLASS, ip: null })).resolves.toMatchObject({ id: before!.id, role: "admin" });
  });

  it("refuses a subject tied to the break-glass admin before, whatever email it now comes with", async () => {
    await ensureAdmin(database.db, BREAK_GLASS.email, BREAK_GLASS.password);
    const admin = await findUserByEmail(database.db, BREAK_GLASS.email);
    await database.db.update(consoleUsers).set({ oidcIssuer: ISSUER, oidcSubject: "sub-ops-old" }).where(eq(consoleUsers.id, admin!.id));
    const tied = await findUserByEmail(database.db, BREAK_GLASS.email);
    expect(await attempt(claims("sub-ops-old", "someone@example.com", []))).toEqual({ refusal: "break_glass" });
    expect(await findUserByEmail(database.db, BREAK_GLASS.email)).toEqual(tied);
    expect(await findUserByEmail(database.db, "someone@example.com")).toBeUndefined();
  });
});
