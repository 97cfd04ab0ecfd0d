import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "./free-port";

declare module "vitest" {
  export interface ProvidedContext {
    /** redis:// URL of a throwaway Redis server started for the suite. */
    redisUrl: string;
  }
}

const REDIS_SERVER = process.env.REDIS_SERVER_PATH || "redis-server";

async function waitForPort(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not listen on ${port}`);
}

/** Starts Debian's redis-server on a free port, without persistence, in a folder of its own. */
export async function startRedisServer(): Promise<{ url: string; pid: number; stop: () => void }> {
  if (spawnSync(REDIS_SERVER, ["--version"]).error) {
    throw new Error("redis-server not found: install it with `sudo apt-get install -y redis-server` (Debian).");
  }
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-redis-"));
  const child = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: "ignore" });
  await waitForPort(port, Date.now() + 10_000);
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => {
      child.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Vitest global setup of the Redis suites. */
export default async function setup(project: TestProject) {
  const server = await startRedisServer();
  project.provide("redisUrl", server.url);
  return server.stop;
}
