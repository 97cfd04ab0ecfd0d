import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { describe, expect, it } from "vitest";
import { withinDeadline } from "@/lib/availability/deadline";
import { isUnavailable, UnavailableError } from "@/lib/availability/unavailable";
import { onPostgres } from "@/lib/testing/test-database";
import { startTcpProxy } from "@/lib/testing/tcp-proxy";
import { GuardedPool } from "./postgres-pool";

/** The test's PostgreSQL, reached through a link the test can cut. */
async function linkedPool() {
  const url = new URL(process.env.DATABASE_URL!);
  const link = await startTcpProxy(Number(url.port));
  url.port = String(link.port);
  return { link, pool: new GuardedPool(url.toString(), true) };
}

// Its connections and their failures are PostgreSQL's: on PostgreSQL only (test:postgres).
describe.runIf(onPostgres)("GuardedPool", () => {
  it("ends the queries a silent server leaves unanswered, refuses at once while it stays silent, and serves again once it is back", async () => {
    const { link, pool } = await linkedPool();
    try {
      await pool.query("select 1");
      link.cut(); // a partition: no answer, and no error either
      await expect(pool.query("select 1")).rejects.toThrow();
      expect(pool.reachable).toBe(false);
      await expect(pool.query("select 1")).rejects.toBeInstanceOf(UnavailableError);

      link.heal();
      await expect.poll(() => pool.reachable, { timeout: 10_000 }).toBe(true);
      expect((await pool.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
      await link.close();
    }
  }, 30_000);

  it("gives up on a lock held by another transaction instead of waiting for it", async () => {
    const { link, pool } = await linkedPool();
    const holder = await pool.connect();
    try {
      await holder.query("begin");
      await holder.query("select pg_advisory_xact_lock(7401099)");
      await expect(pool.query("select pg_advisory_xact_lock(7401099)")).rejects.toMatchObject({ code: "55P03" });
      expect(pool.reachable).toBe(true);
    } finally {
      await holder.query("rollback");
      holder.release();
      await pool.end();
      await link.close();
    }
  }, 30_000);

  it("rolls back a transaction still open when its request's deadline passed, and commits one that finished in time", async () => {
    const { link, pool } = await linkedPool();
    const db = drizzle({ client: pool });
    const table = sql.identifier(`deadline_${randomBytes(4).toString("hex")}`);
    await db.execute(sql`create table ${table} (request text)`);
    try {
      const write = (request: string, held: Promise<unknown>) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into ${table} values (${request})`);
          await held;
        });
      await withinDeadline(() => write("in time", Promise.resolve()), 500);

      let release!: () => void;
      let abandoned!: Promise<void>;
      const held = new Promise<void>((resolve) => (release = resolve));
      await expect(withinDeadline(() => (abandoned = write("late", held)), 200)).rejects.toBeInstanceOf(UnavailableError);
      release(); // the abandoned work goes on to its commit
      // Its commit fails as unavailable (drizzle wraps the error): the transaction was rolled back instead.
      expect(isUnavailable(await abandoned.catch((error: unknown) => error))).toBe(true);

      const { rows } = await db.execute<{ request: string }>(sql`select request from ${table}`);
      expect(rows.map((row) => row.request)).toEqual(["in time"]);
      // The connection it used serves the next transaction.
      await db.transaction(async (tx) => void (await tx.execute(sql`select 1`)));
    } finally {
      await db.execute(sql`drop table ${table}`);
      await pool.end();
      await link.close();
    }
  }, 30_000);
});
