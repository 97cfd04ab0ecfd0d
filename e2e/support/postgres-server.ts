import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./server";

export interface PostgresServer {
  /** postgres:// URL of its database `tandem`, on 127.0.0.1. */
  url: string;
  port: number;
  /** Stops it (`pg_ctl stop -m fast`: connections are ended, as a restart for an upgrade does). */
  stop: () => Promise<void>;
  /** Starts it again on the same port and folder. */
  start: () => Promise<void>;
  /** Stops it and removes its folder. */
  remove: () => Promise<void>;
}

function postgresBin(): string {
  const versions = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.length ? path.join("/usr/lib/postgresql", versions.at(-1)!, "bin") : "";
  if (!bin || !fs.existsSync(path.join(bin, "postgres"))) throw new Error("PostgreSQL server not found: install it with `sudo apt-get install -y postgresql`.");
  return bin;
}

/**
 * A PostgreSQL server of a test's own (Debian's binaries, as scripts/with-postgres.sh runs them), which
 * the test may stop and start: a database cluster in a throwaway folder, on a free loopback port. The
 * server refuses to run as root: as root it runs as the `postgres` user.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBin();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-pg-"));
  fs.chmodSync(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    if (spawnSync("id", ["postgres"]).status !== 0) spawnSync("useradd", ["--system", "--no-create-home", "postgres"]);
    spawnSync("chown", ["postgres", dir]);
  }
  // Not a synchronous spawn: the test's own load keeps running while the server stops and starts.
  const run = async (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, command), ...args]] : [path.join(bin, command), args];
    await promisify(execFile)(file, argv, { encoding: "utf8" }).catch((error: { stderr?: string; stdout?: string }) => {
      throw new Error(`${command} failed: ${error.stderr ?? ""}${error.stdout ?? ""}`);
    });
  };
  const data = path.join(dir, "data");
  await run("initdb", ["-D", data, "-U", "tandem", "--auth=trust", "--encoding=UTF8"]);
  const start = () =>
    run("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  await start();
  const admin = new pg.Client({ connectionString: `postgres://tandem@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("create database tandem");
  await admin.end();
  return {
    url: `postgres://tandem@127.0.0.1:${port}/tandem`,
    port,
    stop,
    start,
    remove: async () => {
      await run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => undefined); // already stopped
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
