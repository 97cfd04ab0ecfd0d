import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connection";

/**
 * A migrated database for one test file: PostgreSQL when DATABASE_URL is set (emptied first), else
 * PGlite in a throwaway folder copied from the suite's migrated template. `.ci/run` runs the same suites both ways.
 */
export async function openTestDatabase(): Promise<Database & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-test-"));
  const url = process.env.DATABASE_URL;
  const template = url ? null : inject("pgliteTemplate");
  if (template) fs.cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
  const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite", dir: path.join(dataDir, "pglite") });
  if (url) {
    const tables = await database.db.execute<{ name: string }>(
      sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename <> '__drizzle_migrations'`,
    );
    if (tables.rows.length) await database.db.execute(sql.raw(`truncate ${tables.rows.map((row) => row.name).join(", ")} restart identity cascade`));
  }
  return {
    ...database,
    dataDir,
    close: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const onPostgres = Boolean(process.env.DATABASE_URL);
