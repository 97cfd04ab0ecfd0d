import { describe, expect, it } from "vitest";
import { UnavailableError } from "@/lib/availability/unavailable";
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
});
