import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/lib/db/connection";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, closed PGlite folder that database tests copy instead of migrating their own. */
    pgliteTemplate: string | null;
  }
}

/** Vitest global setup of the database suites: creating and migrating PGlite once saves seconds per test file. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteTemplate", null);
    return;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-template-"));
  const dir = path.join(root, "pglite");
  const database = await openDatabase({ kind: "pglite", dir });
  await database.close();
  project.provide("pgliteTemplate", dir);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
