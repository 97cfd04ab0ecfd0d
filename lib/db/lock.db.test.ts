import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres } from "@/lib/testing/test-database";
import { openDatabase } from "./connection";
import { DatabaseLockedError } from "./lock";

const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");

// The single-process rule is PGlite's; PostgreSQL takes any number of clients.
describe.skipIf(onPostgres)("PGlite folder lock", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-lock-"));
  const dir = path.join(dataDir, "pglite");
  let holder: ChildProcess;
  let holderPid = 0; // the Node process behind tsx

  beforeAll(async () => {
    holder = spawn(tsx, ["lib/db/testing-hold-database.ts", dir], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.on("data", (chunk: Buffer) => {
        const ready = /ready (\d+)/.exec(chunk.toString());
        if (ready) {
          holderPid = Number(ready[1]);
          resolve();
        }
      });
      holder.on("exit", (code) => reject(new Error(`holder exited with ${code}`)));
    });
  });

  afterAll(() => {
    holder.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a second process with a message naming the folder and the holder", async () => {
    const error = await openDatabase({ kind: "pglite", dir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseLockedError);
    expect((error as Error).message).toContain(dir);
    expect((error as Error).message).toContain(`pid ${holderPid}`);
  });

  it("makes `npm run migrate` and `npm run seed` stop with one clear line", () => {
    for (const script of ["scripts/migrate.ts", "scripts/seed.ts"]) {
      const run = spawnSync(tsx, ["--conditions=react-server", script], { env: { ...process.env, PGLITE_DIR: dir, DATA_DIR: dataDir }, encoding: "utf8" });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toMatch(/^The database folder .* is in use by another Tandem process \(pid \d+\)/);
    }
  });

  it("takes over a lock left by a process that died", async () => {
    const other = path.join(dataDir, "other");
    fs.writeFileSync(`${other}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345 }));
    const database = await openDatabase({ kind: "pglite", dir: other });
    expect(JSON.parse(fs.readFileSync(`${other}.lock`, "utf8")).pid).toBe(process.pid);
    await database.close();
    expect(fs.existsSync(`${other}.lock`)).toBe(false);
  });
});
