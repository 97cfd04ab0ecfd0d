import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { consoleUsers } from "../schema";
import { findEnabledUser, forgetConsoleUser } from "./enabled-users";
import { createUser, ensureAdmin } from "./users";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const newUser = (email: string, role: "agent" | "admin" = "admin") => createUser(database.db, { email, name: "Caller", role, password: "a long password 4" });
/** A change another app node makes: written to the database, not forgotten by this node. */
const elsewhere = (id: string, change: Partial<typeof consoleUsers.$inferInsert>) =>
  database.db.update(consoleUsers).set(change).where(eq(consoleUsers.id, id));

describe("the enabled user, as the caller check reads it", () => {
  it("reads the row, then keeps it: a change made on another node shows once this node forgets it", async () => {
    const user = await newUser("caller@example.com");
    expect(await findEnabledUser(database.db, user.id)).toEqual({ id: user.id, email: "caller@example.com", name: "Caller", role: "admin" });

    await elsewhere(user.id, { role: "agent" });
    expect((await findEnabledUser(database.db, user.id))?.role).toBe("admin"); // within USER_TRUSTED_MS
    forgetConsoleUser(user.id);
    expect((await findEnabledUser(database.db, user.id))?.role).toBe("agent");

    await elsewhere(user.id, { disabledAt: new Date() });
    forgetConsoleUser(user.id);
    expect(await findEnabledUser(database.db, user.id)).toBeUndefined();
    await elsewhere(user.id, { disabledAt: null });
    // A disabled user is not kept: enabled again, they are read afresh.
    expect(await findEnabledUser(database.db, user.id)).toMatchObject({ id: user.id });
    expect(await findEnabledUser(database.db, "cu_nobody")).toBeUndefined();
  });

  it("refuses a session signed in before the user's sessions were ended, from the kept row too", async () => {
    const user = await newUser("sessions@example.com");
    const endedAt = new Date();
    await elsewhere(user.id, { sessionsValidAfter: endedAt });
    expect(await findEnabledUser(database.db, user.id, endedAt.getTime() - 1)).toBeUndefined();
    expect(await findEnabledUser(database.db, user.id, endedAt.getTime())).toMatchObject({ id: user.id });
    expect(await findEnabledUser(database.db, user.id, endedAt.getTime() - 1)).toBeUndefined();
    // A session without a sign-in time (0, as the caller check reads it) is older than any end.
    expect(await findEnabledUser(database.db, user.id, 0)).toBeUndefined();
  });

  it("does not keep a row read while the user changed", async () => {
    const user = await newUser("race@example.com");
    const reading = findEnabledUser(database.db, user.id); // under way in the database's worker
    forgetConsoleUser(user.id); // a change committed meanwhile
    expect(await reading).toMatchObject({ role: "admin" });
    await elsewhere(user.id, { role: "agent" });
    expect((await findEnabledUser(database.db, user.id))?.role).toBe("agent");
  });

  it("sees the configured admin restored at start", async () => {
    await ensureAdmin(database.db, "ops@example.com", "first password!");
    const [admin] = await database.db.select().from(consoleUsers).where(eq(consoleUsers.email, "ops@example.com"));
    expect(await findEnabledUser(database.db, admin.id)).toMatchObject({ role: "admin" });
    await elsewhere(admin.id, { role: "agent", disabledAt: null });
    forgetConsoleUser(admin.id);
    expect((await findEnabledUser(database.db, admin.id))?.role).toBe("agent");
    await ensureAdmin(database.db, "ops@example.com", "first password!");
    expect((await findEnabledUser(database.db, admin.id))?.role).toBe("admin");
  });
});
