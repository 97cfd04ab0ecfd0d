/**
 * Every benchmark's smallest step, run as a person runs it (`npx tsx bench/<name>.ts` with its smallest
 * sizes) against real servers on the production build: a change that breaks a benchmark, or makes it
 * measure nothing, fails here (each one exits non-zero then, bench/fail-loudly.ts). Two at a time; the
 * live benchmarks share two servers (bench/live-support.ts's SHARED_BENCH_SERVER) rather than each
 * starting its own. On PostgreSQL (DATABASE_URL) only the benchmarks that need it run.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverDatabase } from "../e2e/support/postgres";
import { startServer, type RunningServer } from "../e2e/support/server";
import { teamSettingsUpdateSchema } from "../lib/contract/team-settings";
import { BENCH_SERVER_ENV, SHARED_BENCH_SERVER } from "./live-support";

interface Step {
  args: string[];
  /** Runs on a shared bench server (a benchmark that starts its server with startBenchServer). */
  shared?: boolean;
  /** Extra environment. */
  env?: Record<string, string>;
}

// first-start.ts is left out: its smallest step is a fresh clone's whole `npm start`, a build of minutes.
const ON_PGLITE: Record<string, Step> = {
  "agent-notes": { args: ["--runs", "1"], shared: true },
  "api-latency": { args: ["--visitors", "200", "--requests", "20", "--registrations", "5", "--heartbeats", "5"] },
  "api-throughput": { args: ["--seconds", "1", "--rounds", "1"] },
  "call-setup": { args: ["--runs", "1"], shared: true },
  "canvas-latency": { args: ["--scenarios", "pages", "--most", "2"], shared: true },
  "console-latency": { args: ["--messages", "3"], shared: true },
  "console-overhead": { args: ["--requests", "3", "--warmup", "2"] },
  "first-load-js": { args: ["--routes", "/login"] },
  "key-latency": { args: ["--keys", "3"], shared: true },
  "layout-shift": { args: ["--routes", "/settings", "--runs", "1"] },
  "live-browser": { args: ["--changes", "5", "--seconds", "2", "--joins", "1"], shared: true },
  "live-capacity": { args: ["--steps", "2", "--seconds", "1"], shared: true },
  "mcp-attacks": { args: ["--adds", "100", "--buttons", "10", "--words", "10", "--depth", "100"], shared: true },
  "mcp-pages": { args: ["--reads", "1", "--clicks", "1"], shared: true },
  mcp: { args: ["--reads", "2", "--clicks", "2", "--ai", "1", "--people", "2", "--seconds", "1"], shared: true },
  proxy: { args: ["--rounds", "1", "--requests", "3", "--loads", "1", "--warmup", "2"] },
  "proxy-work": { args: ["--requests", "3", "--warmup", "2"] },
  "register-identify": { args: ["--visitors", "100", "--seconds", "1", "--rounds", "1"] },
  "request-overhead": { args: ["--seconds", "1", "--connections", "2", "--rounds", "1"], shared: true },
  "sign-in-stall": { args: ["--attempts", "2", "--rounds", "1"] },
  "viewer-mount": { args: ["--runs", "1"], shared: true },
  "webgl-mirror": { args: ["--seconds", "1"], shared: true },
};

const ON_POSTGRES: Record<string, Step> = {
  "api-throughput": { args: ["--visitors", "1000", "--seconds", "1", "--rounds", "1"] },
  heartbeats: { args: ["--steps", "30", "--seconds", "1", "--warmup", "1"] },
  "scale-load": { args: ["--visitors", "1000", "--seconds", "2", "--warmup", "0", "--connections", "4", "--pool", "20"] },
};

const onPostgres = Boolean(process.env.DATABASE_URL);

/** Runs `bench/<name>.ts` to its end: its exit status and what it printed. */
function runBenchmark(name: string, step: Step, shared?: RunningServer): Promise<{ status: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...step.env };
  delete env[SHARED_BENCH_SERVER];
  if (shared)
    env[SHARED_BENCH_SERVER] = JSON.stringify({ url: shared.url, port: shared.port, proxyUrl: shared.proxyUrl, pid: shared.pid, dataDir: shared.dataDir });
  const child = spawn(path.join("node_modules", ".bin", "tsx"), ["--conditions=react-server", `bench/${name}.ts`, ...step.args], { env, detached: true });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, output })));
}

/** A shared server, and its team's settings as they were when it started. */
interface Shared {
  server: RunningServer;
  settings: Record<string, unknown>;
}

async function teamAdmin(server: RunningServer, method: "GET" | "PATCH", body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}/service-admin/team`, {
    method,
    headers: { "x-api-key": BENCH_SERVER_ENV.COBROWSE_API_KEY, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} /service-admin/team`).toBe(200);
  return ((await response.json()) as { team: Record<string, unknown> }).team;
}

async function startShared(): Promise<Shared> {
  const server = await startServer({ env: BENCH_SERVER_ENV });
  const updatable = Object.keys(teamSettingsUpdateSchema.shape);
  const team = await teamAdmin(server, "GET");
  return { server, settings: Object.fromEntries(Object.entries(team).filter(([name]) => updatable.includes(name))) };
}

/** The shared servers, each lent to one benchmark at a time, with a new team's settings (what a benchmark's own server has). */
const servers: Shared[] = [];
const waiting: ((shared: Shared) => void)[] = [];
async function borrow<T>(run: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = servers.pop() ?? (await new Promise<Shared>((resolve) => waiting.push(resolve)));
  try {
    await teamAdmin(server.server, "PATCH", server.settings);
    return await run(server.server);
  } finally {
    const next = waiting.shift();
    if (next) next(server);
    else servers.push(server);
  }
}

async function expectToRun(name: string, step: Step): Promise<void> {
  const { status, output } = step.shared ? await borrow((server) => runBenchmark(name, step, server)) : await runBenchmark(name, step);
  expect(status, `bench/${name}.ts ${step.args.join(" ")}:\n${output.slice(-3000)}`).toBe(0);
}

describe.runIf(!onPostgres).concurrent("each benchmark's smallest step (PGlite)", () => {
  const started: Shared[] = [];
  beforeAll(async () => {
    started.push(...(await Promise.all([0, 1].map(startShared))));
    servers.push(...started);
  });
  afterAll(() => Promise.all(started.map((shared) => shared.server.stop())));

  for (const [name, step] of Object.entries(ON_PGLITE)) it(name, () => expectToRun(name, step));
});

describe.runIf(onPostgres).concurrent("the benchmarks that need PostgreSQL", () => {
  for (const [name, step] of Object.entries(ON_POSTGRES)) it(name, () => expectToRun(name, step));

  // search-cpu.ts reads a database that api-latency.ts filled (--reuse): one of their own, dropped after.
  it("api-latency --reuse, then search-cpu", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-search-"));
    const database = (await serverDatabase(dataDir))!;
    try {
      const env = { DATABASE_URL: database.url };
      await expectToRun("api-latency", { args: ["--reuse", "--visitors", "500", "--requests", "20", "--registrations", "0", "--heartbeats", "0"], env });
      await expectToRun("search-cpu", { args: ["--visitors", "500", "--requests", "20", "--per-form", "2"], env });
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
