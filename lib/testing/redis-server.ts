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

export interface RedisServer {
  url: string;
  /** The running server's process id (a new one after `restart`). */
  pid: number;
  /** Stops it (SIGTERM: it closes its connections, as for an upgrade), waits `downMs`, starts it again on its port, empty. */
  restart: (downMs: number) => Promise<void>;
  stop: () => void;
}

/** Starts Debian's redis-server on a free port, without persistence, in a folder of its own. */
export async function startRedisServer(): Promise<RedisServer> {
  if (spawnSync(REDIS_SERVER, ["--version"]).error) {
    throw new Error("redis-server not found: install it with `sudo apt-get install -y redis-server` (Debian).");
  }
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-redis-"));
  const spawnServer = () =>
    spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: "ignore" });
  let child = spawnServer();
  await waitForPort(port, Date.now() + 10_000);
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    restart: async (downMs) => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      await new Promise((resolve) => setTimeout(resolve, downMs));
      child = spawnServer();
      server.pid = child.pid!;
      await waitForPort(port, Date.now() + 10_000);
    },
    stop: () => {
      child.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Vitest global setup of the Redis suites. */
export default async function setup(project: TestProject) {
  const server = await startRedisServer();
  project.provide("redisUrl", server.url);
  return server.stop;
}
