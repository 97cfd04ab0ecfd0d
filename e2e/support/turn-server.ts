import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server";

export interface RunningTurnServer {
  /** For TURN_URLS. */
  url: string;
  port: number;
  /** coturn's static-auth-secret, for TURN_SECRET. */
  secret: string;
  output: () => string;
  stop: () => Promise<void>;
}

export interface TurnServerOptions {
  /** Lines of a turnserver.conf (`denied-peer-ip=…`, `no-tcp-relay`) added to its options. */
  config?: string[];
  /** Relay to peers on loopback (true by default: both browsers of a call test are on this machine). */
  loopbackPeers?: boolean;
  /** Open IPv6 relays too (on ::1). */
  ipv6?: boolean;
}

/**
 * coturn (Debian's `coturn`, /usr/bin/turnserver) on 127.0.0.1 and a free port, checking credentials by
 * the TURN REST scheme (use-auth-secret) with a secret of its own, as docs/deploy.md sets it up.
 */
export async function startTurnServer(options: TurnServerOptions = {}): Promise<RunningTurnServer> {
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
      ...(options.ipv6 ? ["--relay-ip=::1"] : []),
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
      ...(options.loopbackPeers === false ? [] : ["--allow-loopback-peers"]),
      ...(options.config ?? []).map((line) => `--${line}`),
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
  return { url: `turn:127.0.0.1:${port}?transport=udp`, port, secret, output: () => output, stop };
}
