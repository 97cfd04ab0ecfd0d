import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { consoleUsers } from "../schema";
import { createUser, findUserByEmail } from "../users/users";
import { changeUserRole, listConsoleUsers, setUserDisabled, UserChangeError } from "./console-users";

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

const user = (email: string, role: "agent" | "lead" | "admin") =>
  createUser(database.db, { email, name: email.split("@")[0], role, password: "a-long-password-1" });

describe("console user changes", () => {
  it("changes a role and disables and re-enables a user", async () => {
    const ann = await user("ann@example.com", "admin");
    const bob = await user("bob@example.com", "agent");
    await expect(changeUserRole(database.db, ann.id, bob.id, "lead")).resolves.toMatchObject({ email: "bob@example.com", before: { role: "agent" } });
    await setUserDisabled(database.db, ann.id, bob.id, true);
    expect((await findUserByEmail(database.db, bob.email))?.disabledAt).toBeInstanceOf(Date);
    await setUserDisabled(database.db, ann.id, bob.id, false);
    expect((await findUserByEmail(database.db, bob.email))?.disabledAt).toBeNull();
    expect((await listConsoleUsers(database.db)).map((u) => [u.email, u.role])).toEqual([
      ["ann@example.com", "admin"],
      ["bob@example.com", "lead"],
    ]);
  });

  it("an admin cannot disable or demote themself", async () => {
    const ann = await user("ann@example.com", "admin");
    await user("cat@example.com", "admin");
    await expect(setUserDisabled(database.db, ann.id, ann.id, true)).rejects.toThrow("You cannot disable your own account.");
    await expect(changeUserRole(database.db, ann.id, ann.id, "lead")).rejects.toThrow("You cannot remove your own admin role.");
  });

  it("one enabled admin always remains", async () => {
    const ann = await user("ann@example.com", "admin");
    const cat = await user("cat@example.com", "admin");
    await setUserDisabled(database.db, cat.id, ann.id, true);
    // Ann is disabled, so Cat is the last enabled admin: nobody may demote or disable her.
    const error = await changeUserRole(database.db, ann.id, cat.id, "agent").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserChangeError);
    expect((error as Error).message).toBe("At least one enabled admin must remain.");
    await expect(setUserDisabled(database.db, ann.id, cat.id, true)).rejects.toThrow("At least one enabled admin must remain.");
    // Demoting a disabled admin takes nothing away.
    await expect(changeUserRole(database.db, cat.id, ann.id, "lead")).resolves.toBeDefined();
  });

  it("refuses a user that does not exist", async () => {
    const ann = await user("ann@example.com", "admin");
    await expect(setUserDisabled(database.db, ann.id, "cu_missing", true)).rejects.toThrow("This user no longer exists.");
  });
});
