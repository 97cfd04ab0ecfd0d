import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server";

export interface RunningTurnServer {
  /** For TURN_URLS. */
  url: string;
  /** coturn's static-auth-secret, for TURN_SECRET. */
  secret: string;
  stop: () => Promise<void>;
}

/**
 * coturn (Debian's `coturn`, /usr/bin/turnserver) on 127.0.0.1 and a free port, checking credentials by
 * the TURN REST scheme (use-auth-secret) with a secret of its own, as docs/deploy.md sets it up. Peers on
 * loopback are allowed: both browsers of a test are on this machine.
 */
export async function startTurnServer(): Promise<RunningTurnServer> {
  const binary = process.env.TURNSERVER_PATH || "/usr/bin/turnserver";
  if (!fs.existsSync(binary)) throw new Error(`No coturn at ${binary}: install it with \`apt-get install -y coturn\`.`);
  const port = await freePort();
  const secret = randomBytes(24).toString("hex");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-turn-"));
  const child = spawn(
    binary,
    [
      "-n",
      // Verbose: it then says when its listeners are open.
      "-v",
      "--listening-ip=127.0.0.1",
      "--relay-ip=127.0.0.1",
      `--listening-port=${port}`,
      "--min-port=40000",
      "--max-port=40999",
      "--use-auth-secret",
      `--static-auth-secret=${secret}`,
      "--realm=tandem.test",
      "--fingerprint",
      "--no-tls",
      "--no-dtls",
      "--no-cli",
      "--allow-loopback-peers",
      `--userdb=${path.join(dir, "turndb")}`,
      `--pidfile=${path.join(dir, "turnserver.pid")}`,
      "--log-file=stdout",
      "--simple-log",
    ],
    { stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Ready once its UDP listener on the port is open.
  for (const deadline = Date.now() + 10_000; !output.includes(`UDP listener opened on: 127.0.0.1:${port}`);) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`coturn did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `turn:127.0.0.1:${port}?transport=udp`, secret, stop };
}
