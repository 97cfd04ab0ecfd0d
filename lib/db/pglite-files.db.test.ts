import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { onPostgres } from "@/lib/testing/test-database";
import { PGlitePool } from "./pglite-pool";

/** Entries under a folder that another account of the host could read or write. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.mode & 0o077) open.push(`${path.relative(root, entry)} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return open;
}

// Under the umask Tandem's processes run with (lib/data-dir.ts), the database's own files are private too.
describe.skipIf(onPostgres)("PGlite's files", () => {
  const previousUmask = process.umask(0o077);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-files-"));
  afterAll(() => {
    process.umask(previousUmask);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("are 0600 and its folders 0700, from the first open to the write-ahead log of later writes", async () => {
    const pool = await PGlitePool.open(path.join(dir, "pglite"));
    try {
      await pool.query("create table notes (id serial primary key, text text not null)");
      await pool.query("insert into notes (text) select 'note ' || n from generate_series(1, 2000) n");
      await pool.query("checkpoint");
      expect(openToOthers(dir)).toEqual([]);
      expect(fs.readdirSync(path.join(dir, "pglite", "pg_wal")).length).toBeGreaterThan(0);
    } finally {
      await pool.end();
    }
  });
});
