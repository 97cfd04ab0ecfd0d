import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { verifyPassword } from "./passwords";
import { countUsers, createFirstAdmin, ensureAdmin, findUserByEmail } from "./users";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("console users", () => {
  it("creates the first admin only while no user exists, even when two setups race", async () => {
    const [first, second] = await Promise.all([
      createFirstAdmin(database.db, { email: "first@example.com", name: "First", password: "a long password 1" }),
      createFirstAdmin(database.db, { email: "second@example.com", name: "Second", password: "a long password 2" }),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(await countUsers(database.db)).toBe(1);
    expect((first ?? second)?.role).toBe("admin");
    expect(await createFirstAdmin(database.db, { email: "third@example.com", name: "Third", password: "a long password 3" })).toBeUndefined();
  });

  it("makes the configured admin exist with the configured password, creating or updating it", async () => {
    await ensureAdmin(database.db, "Ops@Example.com", "first password!");
    const created = await findUserByEmail(database.db, "ops@example.com");
    expect(created?.role).toBe("admin");
    expect(await verifyPassword("first password!", created!.passwordHash!)).toBe(true);

    await ensureAdmin(database.db, "ops@example.com", "second password!");
    const updated = await findUserByEmail(database.db, "ops@example.com");
    expect(updated?.id).toBe(created?.id);
    expect(await verifyPassword("second password!", updated!.passwordHash!)).toBe(true);
    expect(await verifyPassword("first password!", updated!.passwordHash!)).toBe(false);
  });
});
