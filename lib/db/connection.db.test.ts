import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres, openTestDatabase } from "@/lib/testing/test-database";
import type { Database } from "./connection";

// PGlite has neither; PostgreSQL compiles a statement planned as costly, and runs it in parallel
// workers, unless told not to.
describe.runIf(onPostgres)("connections to PostgreSQL", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it("compile no statement just in time and start no parallel workers, on each connection of the pool", async () => {
    // Held at once (the sleep), the reads take as many of the pool's connections.
    const read = () =>
      database.db.execute<{ jit: string; workers: string }>(
        sql`select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers, pg_sleep(0.05)`,
      );
    const settings = (await Promise.all(Array.from({ length: 4 }, read))).map(({ rows: [row] }) => `${row.jit} ${row.workers}`);
    expect(settings).toEqual(["off 0", "off 0", "off 0", "off 0"]);
  });
});
