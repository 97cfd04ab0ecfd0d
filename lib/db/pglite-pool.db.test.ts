import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres } from "@/lib/testing/test-database";
import { PGlitePool } from "./pglite-pool";

// PGlite's worker thread behind a node-postgres-shaped pool (what drizzle talks to on PGlite).
describe.skipIf(onPostgres)("PGlitePool", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-pool-"));
  let pool: PGlitePool;
  beforeAll(async () => {
    pool = await PGlitePool.open(path.join(dir, "pglite"));
    await pool.query("create table notes (id serial primary key, text text not null)");
  });
  afterAll(async () => {
    await pool.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers queries with rows and fields, named statements included", async () => {
    const named = { name: "note_by_text", text: "select $1::text as text, now() as at" };
    const first = await pool.query(named, ["a"]);
    const again = await pool.query(named, ["b"]);
    expect(first.rows).toEqual([{ text: "a", at: expect.any(String) }]); // dates stay text, as drizzle reads them
    expect(again.rows).toEqual([{ text: "b", at: expect.any(String) }]);
    expect(first.fields.map((field) => field.name)).toEqual(["text", "at"]);
  });

  it("runs nothing else while a transaction holds the session, then runs what waited, in order", async () => {
    const session = await pool.connect();
    await session.query("begin");
    await session.query("insert into notes (text) values ('in the transaction')");
    const outside = pool.query("select count(*)::int as n from notes");
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false); // it would have seen an uncommitted row otherwise
    await session.query("rollback");
    session.release();
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it("reports a database error with PostgreSQL's fields", async () => {
    const error = await pool.query("select * from no_such_table").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: expect.stringContaining("no_such_table"), code: "42P01" });
  });

  it("fails at once, not forever, once its worker is gone", async () => {
    const other = await PGlitePool.open(path.join(dir, "other"));
    await other.end();
    await expect(other.query("select 1")).rejects.toThrow(/worker stopped/);
  });
});
