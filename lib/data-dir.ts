import fs from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";

const OPEN_TO_OTHERS = 0o077;

/** Takes group and other permissions off a folder and everything in it; returns how many entries it changed. */
function tighten(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(entry);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0; // removed meanwhile (e.g. a WAL segment)
    throw error;
  }
  if (stat.isSymbolicLink()) return 0; // its target is not Tandem's to change
  let changed = 0;
  if (stat.mode & OPEN_TO_OTHERS) {
    fs.chmodSync(entry, stat.isDirectory() ? 0o700 : 0o600);
    changed++;
  }
  if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) changed += tighten(path.join(entry, name));
  return changed;
}

/**
 * Keeps Tandem's data (database files, password hashes, secrets) to the account that runs it: every
 * file this process and its threads create from now on is 0600 and every folder 0700 (a umask of 077),
 * and the data folder (created if missing) and the PGlite folder, wherever it is, are tightened the same
 * way with what they already hold. Says so once, when it changed anything: a later start finds nothing.
 */
export function secureDataDir(config: { DATA_DIR: string; PGLITE_DIR: string }, log: (line: string) => void = console.log): void {
  if (isMainThread) process.umask(OPEN_TO_OTHERS);
  fs.mkdirSync(config.DATA_DIR, { recursive: true, mode: 0o700 });
  const outside = path.relative(config.DATA_DIR, config.PGLITE_DIR).startsWith("..");
  for (const dir of outside ? [config.DATA_DIR, config.PGLITE_DIR] : [config.DATA_DIR]) {
    const changed = tighten(dir);
    if (changed > 0) {
      log(`Restricted ${dir} to this account: ${changed} entr${changed === 1 ? "y was" : "ies were"} open to other accounts (now folders 0700, files 0600).`);
    }
  }
}
