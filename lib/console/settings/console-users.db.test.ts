import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { consoleUsers } from "../schema";
import { findEnabledUser } from "../users/enabled-users";
import { createUser, findUserByEmail } from "../users/users";
import { createResetToken } from "../account/passwords";
import { BREAK_GLASS_REFUSAL, changeUserRole, listConsoleUsers, setUserDisabled, UserChangeError } from "./console-users";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(consoleUsers);
});

/** A change made by `actor`, with the break-glass admin (ADMIN_EMAIL) `breakGlassEmail` when given. */
const by = (actor: { id: string }, breakGlassEmail: string | null = null) => ({ id: actor.id, breakGlassEmail });

const user = (email: string, role: "agent" | "lead" | "admin") =>
  createUser(database.db, { email, name: email.split("@")[0], role, password: "a-long-password-1" });

describe("console user changes", () => {
  it("changes a role and disables and re-enables a user, and the caller check sees each change at once", async () => {
    const ann = await user("ann@example.com", "admin");
    const bob = await user("bob@example.com", "agent");
    expect((await findEnabledUser(database.db, bob.id))?.role).toBe("agent"); // now kept by this node
    await expect(changeUserRole(database.db, by(ann), bob.id, "lead")).resolves.toMatchObject({ email: "bob@example.com", before: { role: "agent" } });
    expect((await findEnabledUser(database.db, bob.id))?.role).toBe("lead");
    await changeUserRole(database.db, by(ann), bob.id, "agent");
    expect((await findEnabledUser(database.db, bob.id))?.role).toBe("agent");
    await changeUserRole(database.db, by(ann), bob.id, "lead");
    await setUserDisabled(database.db, by(ann), bob.id, true);
    expect((await findUserByEmail(database.db, bob.email))?.disabledAt).toBeInstanceOf(Date);
    expect(await findEnabledUser(database.db, bob.id)).toBeUndefined();
    await setUserDisabled(database.db, by(ann), bob.id, false);
    expect((await findUserByEmail(database.db, bob.email))?.disabledAt).toBeNull();
    expect(await findEnabledUser(database.db, bob.id)).toMatchObject({ id: bob.id, role: "lead" });
    expect((await listConsoleUsers(database.db)).map((u) => [u.email, u.role])).toEqual([
      ["ann@example.com", "admin"],
      ["bob@example.com", "lead"],
    ]);
  });

  it("an admin cannot disable or demote themself", async () => {
    const ann = await user("ann@example.com", "admin");
    await user("cat@example.com", "admin");
    await expect(setUserDisabled(database.db, by(ann), ann.id, true)).rejects.toThrow("You cannot disable your own account.");
    await expect(changeUserRole(database.db, by(ann), ann.id, "lead")).rejects.toThrow("You cannot remove your own admin role.");
  });

  it("one enabled admin always remains", async () => {
    const ann = await user("ann@example.com", "admin");
    const cat = await user("cat@example.com", "admin");
    await setUserDisabled(database.db, by(cat), ann.id, true);
    // Ann is disabled, so Cat is the last enabled admin: nobody may demote or disable her.
    const error = await changeUserRole(database.db, by(ann), cat.id, "agent").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserChangeError);
    expect((error as Error).message).toBe("At least one enabled admin must remain.");
    await expect(setUserDisabled(database.db, by(ann), cat.id, true)).rejects.toThrow("At least one enabled admin must remain.");
    // Demoting a disabled admin takes nothing away.
    await expect(changeUserRole(database.db, by(cat), ann.id, "lead")).resolves.toBeDefined();
  });

  it("refuses a user that does not exist", async () => {
    const ann = await user("ann@example.com", "admin");
    await expect(setUserDisabled(database.db, by(ann), "cu_missing", true)).rejects.toThrow("This user no longer exists.");
  });

  it("leaves the break-glass admin to the server's configuration: no admin disables, demotes or resets it", async () => {
    const breakGlass = await user("root@example.com", "admin");
    // An admin the identity provider's groups made.
    const sso = await user("sso-admin@example.com", "admin");
    const actor = by(sso, "ROOT@example.com");
    await expect(setUserDisabled(database.db, actor, breakGlass.id, true)).rejects.toThrow(BREAK_GLASS_REFUSAL);
    await expect(changeUserRole(database.db, actor, breakGlass.id, "agent")).rejects.toThrow(BREAK_GLASS_REFUSAL);
    await expect(createResetToken(database.db, { userId: breakGlass.id, createdBy: sso.id, breakGlassEmail: "root@example.com" })).rejects.toThrow(
      BREAK_GLASS_REFUSAL,
    );
    expect(await findUserByEmail(database.db, "root@example.com")).toMatchObject({ role: "admin", disabledAt: null });
    // Without ADMIN_EMAIL it is an admin like any other.
    await expect(setUserDisabled(database.db, by(sso), breakGlass.id, true)).resolves.toBeDefined();
  });
});
