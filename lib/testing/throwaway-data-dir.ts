import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { closeDatabase } from "@/lib/db";

// Code that reaches the process's own database (getDb, as the recording store does) opens one in a folder
// of this test file's own, never the checkout's `.data`, which a developer's server or another run may hold.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-test-data-"));
process.env.DATA_DIR = dataDir;

afterAll(async () => {
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
