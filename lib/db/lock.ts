import fs from "node:fs";

export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The database folder ${dir} is in use by another Tandem process (pid ${pid}). ` +
        `Stop that process first (PGlite allows one process per folder), or point PGLITE_DIR elsewhere.`,
    );
    this.name = "DatabaseLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): number | null {
  try {
    const pid = Number(JSON.parse(fs.readFileSync(lockPath, "utf8")).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the single-process lock of a PGlite folder: `<dir>.lock`, created atomically, holding our pid.
 * Two processes on one PGlite folder raise no error and silently lose writes, so the second one must
 * stop here. A lock left by a dead process is taken over. Returns the release function.
 */
export function acquireDirLock(dir: string): () => void {
  const lockPath = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }), { flag: "wx" });
      const release = () => {
        if (readHolder(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockPath);
      if (holder !== null && holder !== process.pid && isAlive(holder)) throw new DatabaseLockedError(dir, holder);
      fs.rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the database lock ${lockPath}`);
}
