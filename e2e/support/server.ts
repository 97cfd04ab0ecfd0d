import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../lib/testing/free-port";
import { serverDatabase } from "./postgres";

export { freePort };

/** Benchmarks drive one node from one address far past what any one client may send: no limits. */
export const NO_RATE_LIMITS: Record<string, string> = {
  ...Object.fromEntries(["API", "VISITOR", "REGISTRATION", "SITE", "LIVE"].map((name) => [`${name}_RATE_LIMIT_PER_MINUTE`, "100000000"])),
  // Their simulated visitors' live streams all come from this host.
  LIVE_STREAMS_PER_ADDRESS: "100000000",
};

export interface RunningServer {
  url: string;
  port: number;
  /** The universal proxy's origin (its own free port), where proxy session links point. */
  proxyUrl: string;
  /** The process group's leader (`npm start`'s script); Tandem's server runs under it. */
  pid: number;
  dataDir: string;
  output: () => string;
  /** Stops the server and removes its data folder. */
  stop: () => Promise<void>;
  /** Kills the server at once (SIGKILL), keeping its data folder: a crash. */
  crash: () => Promise<void>;
  /** Stops reading the server's output, as when the terminal or log reader it wrote to goes away. */
  closeOutput: () => void;
}

export interface ServerOptions {
  env?: Record<string, string>;
  /** Reuse a data folder (a restart); by default a new throwaway one. */
  dataDir?: string;
  port?: number;
  /** The universal proxy's port; by default a free one of its own. */
  proxyPort?: number;
  /** The checkout to run (with its own build), e.g. a baseline for a benchmark; by default this one. */
  cwd?: string;
}

function groupAlive(leader: number): boolean {
  try {
    process.kill(-leader, 0);
    return true;
  } catch {
    return false;
  }
}

/** The server stopped at start because another program took a port it was given. */
class PortTakenError extends Error {}
/** Tries with fresh free ports, when the ports were picked here and another process took one meanwhile. */
const START_ATTEMPTS = 3;

/**
 * Starts Tandem the way a user does (`npm start`'s script, on the existing production build) on a free
 * port with a throwaway data folder (and database, on PostgreSQL), and waits until it is ready.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  // A port found free can be taken by another test's process before the server listens on it.
  const portsPickedHere = options.port === undefined && options.proxyPort === undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (!(error instanceof PortTakenError && portsPickedHere && attempt < START_ATTEMPTS)) throw error;
    }
  }
}

async function startOnce(options: ServerOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const proxyPort = options.proxyPort ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "tandem-e2e-"));
  // Given a DATABASE_URL (app nodes sharing one), the server uses it; else it gets a database of its own.
  const database = options.env?.DATABASE_URL ? null : await serverDatabase(dataDir);
  // Test sites and webhook receivers listen on loopback.
  const env = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", PROXY_ALLOW_PRIVATE_NETWORKS: "true", ...(database && { DATABASE_URL: database.url }), ...options.env };
  const url = `http://localhost:${port}`;
  let output = "";
  const cwd = options.cwd ?? process.cwd();
  const child: ChildProcess = spawn(path.join(cwd, "node_modules", ".bin", "tsx"), ["--conditions=react-server", "scripts/start.ts"], {
    cwd,
    env: { ...process.env, PORT: String(port), PROXY_PORT: String(proxyPort), DATA_DIR: dataDir, NEXTAUTH_URL: url, NEXTAUTH_SECRET: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, so stop() ends the server too
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));

  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid!, name);
    // A node behind a load balancer drains for up to 10 s (lib/lifecycle/shutdown.ts) before it exits.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
    // The server runs in a process of its own under the group's leader: wait until the whole group is
    // gone, so that a restart on the same data folder never finds the folder's lock still held.
    for (const deadline = Date.now() + 5_000; groupAlive(child.pid!) && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    await signal("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  const crash = () => signal("SIGKILL");

  const deadline = Date.now() + 90_000;
  while (!output.includes("Tandem is running at")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const portTaken = child.exitCode !== null && /port \d+ is already in use/.test(output);
      // A data folder given to it (a restart) is the caller's: only a throwaway one is removed.
      if (portTaken && options.dataDir) await signal("SIGTERM");
      else await stop();
      throw portTaken ? new PortTakenError(`Tandem did not start:\n${output}`) : new Error(`Tandem did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const closeOutput = () => {
    child.stdout!.destroy();
    child.stderr!.destroy();
  };
  return { url, port, proxyUrl: `http://localhost:${proxyPort}`, pid: child.pid!, dataDir, output: () => output, stop, crash, closeOutput };
}
