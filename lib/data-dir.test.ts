import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { secureDataDir } from "./data-dir";

const mode = (entry: string) => fs.statSync(entry).mode & 0o777;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-data-dir-"));
const previousUmask = process.umask();
afterAll(() => {
  process.umask(previousUmask);
  fs.rmSync(root, { recursive: true, force: true });
});

describe("secureDataDir", () => {
  it("tightens an open folder and what it holds, says so once, and keeps later files to this account", () => {
    const dataDir = path.join(root, "data");
    fs.mkdirSync(path.join(dataDir, "pglite", "pg_wal"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "auth-secret"), "s");
    fs.writeFileSync(path.join(dataDir, "pglite", "pg_wal", "000000010000000000000001"), "wal");
    for (const dir of [dataDir, path.join(dataDir, "pglite"), path.join(dataDir, "pglite", "pg_wal")]) fs.chmodSync(dir, 0o755);
    for (const file of [path.join(dataDir, "auth-secret"), path.join(dataDir, "pglite", "pg_wal", "000000010000000000000001")]) fs.chmodSync(file, 0o666);

    const logged: string[] = [];
    secureDataDir({ DATA_DIR: dataDir, PGLITE_DIR: path.join(dataDir, "pglite") }, (line) => logged.push(line));
    expect(logged).toEqual([`Restricted ${dataDir} to this account: 5 entries were open to other accounts (now folders 0700, files 0600).`]);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "pglite", "pg_wal"))).toBe(0o700);
    expect(mode(path.join(dataDir, "auth-secret"))).toBe(0o600);
    expect(mode(path.join(dataDir, "pglite", "pg_wal", "000000010000000000000001"))).toBe(0o600);

    // Created afterwards with the usual open modes: the process's umask keeps them closed.
    fs.writeFileSync(path.join(dataDir, "pglite", "pg_wal", "000000010000000000000002"), "wal", { mode: 0o666 });
    fs.mkdirSync(path.join(dataDir, "recordings"), { mode: 0o777 });
    expect(mode(path.join(dataDir, "pglite", "pg_wal", "000000010000000000000002"))).toBe(0o600);
    expect(mode(path.join(dataDir, "recordings"))).toBe(0o700);

    secureDataDir({ DATA_DIR: dataDir, PGLITE_DIR: path.join(dataDir, "pglite") }, (line) => logged.push(line));
    expect(logged).toHaveLength(1);
  });

  it("creates a missing data folder as 0700, and tightens a PGlite folder kept elsewhere", () => {
    const dataDir = path.join(root, "new", "data");
    const pgliteDir = path.join(root, "elsewhere");
    fs.mkdirSync(pgliteDir, { mode: 0o755 });
    fs.chmodSync(pgliteDir, 0o755);
    const logged: string[] = [];
    secureDataDir({ DATA_DIR: dataDir, PGLITE_DIR: pgliteDir }, (line) => logged.push(line));
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(pgliteDir)).toBe(0o700);
    expect(logged).toEqual([`Restricted ${pgliteDir} to this account: 1 entry was open to other accounts (now folders 0700, files 0600).`]);
  });
});
