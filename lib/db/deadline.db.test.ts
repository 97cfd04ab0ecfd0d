import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withinDeadline } from "@/lib/availability/deadline";
import { isUnavailable, UnavailableError } from "@/lib/availability/unavailable";
import { openTestDatabase } from "@/lib/testing/test-database";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

// On PGlite, and on PostgreSQL under test:postgres: each pool rolls such a transaction back.
describe("a transaction of a request answered 503 at its deadline", () => {
  it("rolls back instead of committing, while one that finished in time commits, and its connection serves on", async () => {
    const { db } = database;
    const table = sql.identifier(`deadline_${randomBytes(4).toString("hex")}`);
    await db.execute(sql`create table ${table} (request text)`);
    try {
      const write = (request: string, held: Promise<unknown>) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into ${table} values (${request})`);
          await held;
        });
      await withinDeadline(() => write("in time", Promise.resolve()), 1_000);

      let release!: () => void;
      let abandoned!: Promise<void>;
      const held = new Promise<void>((resolve) => (release = resolve));
      await expect(withinDeadline(() => (abandoned = write("late", held)), 200)).rejects.toBeInstanceOf(UnavailableError);
      release(); // the abandoned work goes on to its commit
      // Its commit fails as unavailable (drizzle wraps the error): the transaction was rolled back instead.
      expect(isUnavailable(await abandoned.catch((error: unknown) => error))).toBe(true);

      const { rows } = await db.execute<{ request: string }>(sql`select request from ${table}`);
      expect(rows.map((row) => row.request)).toEqual(["in time"]);
      await db.transaction(async (tx) => void (await tx.execute(sql`select 1`)));
    } finally {
      await db.execute(sql`drop table ${table}`);
    }
  });
});
