/**
 * One app node against two, behind the same nginx, over one PostgreSQL holding many visitors and a Redis
 * of their own: the same mixed traffic for the same time against each, then the ratios.
 *
 *   scripts/with-postgres.sh npx tsx --conditions=react-server bench/scale-load.ts [--visitors 1000000] [--seconds 30] [--connections 32]
 *
 * PostgreSQL only (DATABASE_URL, which scripts/with-postgres.sh gives). Needs a production build
 * (`npm run build`), nginx and redis-server (Debian's `nginx`, `redis-server`); everything listens on
 * 127.0.0.1. The nodes start the way a user starts Tandem (`npm start`'s script, through
 * e2e/support/server.ts). Fills the visitors once, into a database of its own that both runs share;
 * registers a pool of visitors through POST /collect/register, as the visitor script does; then, for 1
 * and 2 nodes: a fresh Redis, the nodes (API_RATE_LIMIT_PER_MINUTE very high), nginx with
 * deploy/nginx/tandem-proxy.conf, a warm-up, and `--seconds` of load with `--connections` connections
 * (autocannon, closed loop: each connection sends its next request when the last one is answered; each
 * request is drawn at random with the weights below). Prints per endpoint req/s, p50/p95/p99 latency,
 * non-2xx and errors, the CPU each process used during the measured seconds, and the 2-node/1-node
 * ratios. Stops and removes everything it started, on failure too.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Client } from "autocannon";
import { count, eq } from "drizzle-orm";
import pg from "pg";
import { startNginx } from "../e2e/support/cluster";
import { serverDatabase } from "../e2e/support/postgres";
import { freePort, NO_RATE_LIMITS, startServer } from "../e2e/support/server";
import { openDatabase } from "../lib/db/connection";
import { visitors } from "../lib/service/core/schema";
import { ensureApiKey, ensureDefaultTeam } from "../lib/service/teams/team";
import { startRedisServer } from "../lib/testing/redis-server";
import { filledVisitor, fillVisitors } from "./fill-visitors";
import { cpuSeconds, machineCpu, procStat } from "./process-cpu";
import { fetchJson, requireNoErrors, requirePositive } from "./fail-loudly";
import { percentile } from "./measure";

const { values } = parseArgs({
  options: {
    visitors: { type: "string", default: "1000000" },
    seconds: { type: "string", default: "30" },
    connections: { type: "string", default: "32" },
    warmup: { type: "string", default: "10" },
    pool: { type: "string", default: "1000" },
  },
});
const visitorCount = Number(values.visitors);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const warmupSeconds = Number(values.warmup);
const poolSize = Number(values.pool);
if (!process.env.DATABASE_URL) {
  console.error("bench/scale-load.ts runs on PostgreSQL: scripts/with-postgres.sh npx tsx --conditions=react-server bench/scale-load.ts");
  process.exit(1);
}
if (!fs.existsSync(path.join(".next", "BUILD_ID"))) {
  console.error("No production build in .next: run `npm run build` first.");
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------------
// What is sent. Heartbeats dominate, as on a real site: every open page of every visitor beats every
// 15 s, while agents search, open a visitor and start a co-browse now and then.

type Kind = "heartbeat" | "detail" | "search" | "watch";
const KINDS: { kind: Kind; label: string; weight: number; what: string }[] = [
  { kind: "heartbeat", label: "POST /collect/heartbeat", weight: 80, what: "a random visitor of the registered pool, with its X-Visitor-Id / X-Visitor-Token" },
  { kind: "detail", label: "GET /v1.3/visitors/{id}", weight: 10, what: "a random id of the filled visitors" },
  { kind: "search", label: "GET /v1.3/list?search=…", weight: 6, what: "one of six searches, drawn evenly (below)" },
  { kind: "watch", label: "POST /v1.3/visitors/{id}/watch_url", weight: 4, what: "a random visitor of the pool (online), one of 20 agents" },
];
const TOTAL_WEIGHT = KINDS.reduce((sum, k) => sum + k.weight, 0);

const randomInt = (n: number) => Math.floor(Math.random() * n);
/** The fill's visitor n (bench/fill-visitors.ts): its id, email, unique id, lookup code. */
const filledId = (n: number) => `B${n.toString(16).padStart(8, "0")}`;
const SEARCHES: { shape: string; query: () => string }[] = [
  { shape: "(empty: the latest visitors)", query: () => "" },
  {
    shape: "`first last` (a name)",
    query: () => {
      const { first, last } = filledVisitor(randomInt(visitorCount));
      return `${first} ${last}`;
    },
  },
  {
    shape: "`first.lastN@example.org` (an email)",
    query: () => filledVisitor(randomInt(visitorCount)).email,
  },
  { shape: "`id:user-N` (a unique id)", query: () => `id:user-${randomInt(visitorCount)}` },
  { shape: "`NNNN` (a lookup code)", query: () => String(randomInt(Math.max(1, Math.floor(visitorCount / 5000)))).padStart(4, "0") },
  { shape: "`#vip online`", query: () => "#vip online" },
];

const apiKey = `tk_bench_scale_${randomBytes(8).toString("hex")}`;
const pool: { visitorId: string; token: string }[] = [];

function drawKind(): Kind {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const k of KINDS) if ((r -= k.weight) < 0) return k.kind;
  return "heartbeat";
}

/** autocannon's setupRequest: a fresh request (and header object: autocannon writes Content-Length into it). */
function nextRequest(context: Record<string, unknown>): { method: string; path: string; headers: Record<string, string>; body: string } {
  const kind = drawKind();
  context.kind = kind;
  const api = { "x-api-key": apiKey };
  switch (kind) {
    case "heartbeat": {
      const visitor = pool[randomInt(pool.length)];
      const headers = { "content-type": "application/json", "x-visitor-id": visitor.visitorId, "x-visitor-token": visitor.token };
      return { method: "POST", path: "/collect/heartbeat", headers, body: "{}" };
    }
    case "detail":
      return { method: "GET", path: `/v1.3/visitors/${filledId(randomInt(visitorCount))}`, headers: api, body: "" };
    case "search": {
      const search = SEARCHES[randomInt(SEARCHES.length)].query();
      return { method: "GET", path: search ? `/v1.3/list?search=${encodeURIComponent(search)}` : "/v1.3/list", headers: api, body: "" };
    }
    case "watch": {
      const agent = 1 + randomInt(20);
      const body = JSON.stringify({ agent: { id: `agent-${agent}`, name: `Agent ${agent}` } });
      return {
        method: "POST",
        path: `/v1.3/visitors/${pool[randomInt(pool.length)].visitorId}/watch_url`,
        headers: { ...api, "content-type": "application/json" },
        body,
      };
    }
  }
}

interface EndpointStats {
  latencies: number[];
  statuses: Map<number, number>;
  /** Timeouts and dropped connections. */
  errors: number;
}

/** Runs the mix for `duration` seconds; the answers are attributed to endpoints through each connection's context. */
async function runMix(url: string, duration: number): Promise<{ seconds: number; byKind: Map<Kind, EndpointStats> }> {
  const byKind = new Map<Kind, EndpointStats>(KINDS.map((k) => [k.kind, { latencies: [], statuses: new Map(), errors: 0 }]));
  const setupClient = (client: Client) => {
    const kindOf = () => client.requestIterator.context.kind as Kind;
    // One request in flight per connection: at `response` and `connError` the context is still the
    // request's; a timeout reconnects and draws the next request first, so the last `request` event
    // (emitted before the next is drawn) names the one that timed out.
    let inFlight: Kind | undefined;
    client.on("request", () => (inFlight = kindOf()));
    client.on("response", (status: number, _bytes: number, ms: number) => {
      const stats = byKind.get(kindOf())!;
      stats.latencies.push(ms);
      stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    });
    client.on("timeout", () => void (byKind.get(inFlight ?? kindOf())!.errors += 1));
    client.on("connError", () => void (byKind.get(kindOf())!.errors += 1));
  };
  const started = performance.now();
  await autocannon({
    url,
    connections,
    duration,
    timeout: 30,
    // Keep what autocannon filled in (host, port) and replace the rest.
    requests: [{ setupRequest: (request, context) => ({ ...request, ...nextRequest(context) }) }],
    setupClient,
  });
  return { seconds: (performance.now() - started) / 1000, byKind };
}

// ---------------------------------------------------------------------------------------------------
// Processes: everything started is stopped in `finally`, and on Ctrl-C.

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp(): Promise<void> {
  while (cleanups.length) {
    const step = cleanups.pop()!;
    try {
      await step();
    } catch (error) {
      console.error("Cleaning up:", error);
    }
  }
}
/** Registers a clean-up step; the returned function runs it now (once). */
function onCleanUp(step: () => Promise<void> | void): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    const index = cleanups.indexOf(once);
    if (index >= 0) cleanups.splice(index, 1);
    await step();
  };
  cleanups.push(once);
  return once;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping everything this bench started…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------

interface RunResult {
  nodes: number;
  seconds: number;
  byKind: Map<Kind, EndpointStats>;
  cpu: { name: string; seconds: number }[];
  machine: { busy: number; total: number };
  load: [number, number];
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "–");
const sorted = (values: number[]) => Float64Array.from(values).sort();
// A short run may draw no request of a rare kind: its row shows "–".
const quantile = (values: number[], q: number) => (values.length ? percentile(values, q) : NaN);

async function registerPool(url: string, publicKey: string): Promise<void> {
  const pages = ["/", "/pricing", "/products/trail-runner", "/cart", "/checkout", "/account/orders", "/help/returns"];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < poolSize) {
        next++;
        const answer = await fetchJson<{ visitorId: string; token: string }>(`${url}/collect/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ publicKey, url: `https://shop.example.com${pages[next % pages.length]}`, title: "Shop", referrer: "" }),
        });
        pool.push({ visitorId: answer.visitorId, token: answer.token });
      }
    }),
  );
}

async function run(nodeCount: number, shared: Record<string, string>, dir: string, publicKey: string, postmaster: number): Promise<RunResult> {
  const runDir = path.join(dir, `run-${nodeCount}`);
  fs.mkdirSync(runDir, { recursive: true });
  const redis = await startRedisServer();
  const stopRedis = onCleanUp(() => redis.stop());
  const nginxPort = await freePort();
  const url = `http://127.0.0.1:${nginxPort}`;
  const env = { ...shared, REDIS_URL: redis.url, NEXTAUTH_URL: url };
  const nodes: { name: string; port: number; pid: number; stop: () => Promise<void> }[] = [];
  let stopNginx: (() => Promise<void>) | undefined;
  try {
    for (let i = 0; i < nodeCount; i++) {
      const name = `node-${"abcdefgh"[i]}`;
      const node = await startServer({ dataDir: path.join(runDir, name), env: { ...env, TANDEM_NODE_NAME: name } });
      nodes.push({ name, port: node.port, pid: node.pid, stop: onCleanUp(node.stop) });
    }
    const nginxDir = path.join(runDir, "nginx");
    fs.mkdirSync(nginxDir);
    const nginx = await startNginx(
      nginxDir,
      nginxPort,
      nodes.map((node) => node.port),
    );
    stopNginx = onCleanUp(nginx.stop);
    if (pool.length === 0) {
      const registering = Date.now();
      await registerPool(url, publicKey);
      console.log(`Registered ${pool.length} visitors through POST /collect/register in ${((Date.now() - registering) / 1000).toFixed(0)} s.`);
    }
    if (warmupSeconds > 0) await runMix(url, warmupSeconds);

    const roots: Record<string, number[]> = {
      nginx: [nginx.pid],
      ...Object.fromEntries(nodes.map((node) => [node.name, [node.pid]])),
      PostgreSQL: [postmaster],
      Redis: [redis.pid],
    };
    const load1 = os.loadavg()[0];
    const cpuBefore = cpuSeconds(roots);
    const selfBefore = process.cpuUsage();
    const machineBefore = machineCpu();
    const measured = await runMix(url, seconds);
    const machineAfter = machineCpu();
    const self = process.cpuUsage(selfBefore);
    const cpuAfter = cpuSeconds(roots);
    const cpu = [
      { name: "load generator (autocannon, this process)", seconds: (self.user + self.system) / 1e6 },
      ...Object.keys(roots).map((name) => ({ name: name.startsWith("node-") ? `app ${name}` : name, seconds: cpuAfter[name] - cpuBefore[name] })),
    ];
    return {
      nodes: nodeCount,
      seconds: measured.seconds,
      byKind: measured.byKind,
      cpu,
      machine: { busy: machineAfter.busy - machineBefore.busy, total: machineAfter.total - machineBefore.total },
      load: [load1, os.loadavg()[0]],
    };
  } finally {
    await stopNginx?.();
    await Promise.all(nodes.map((node) => node.stop()));
    await stopRedis();
  }
}

function endpointRows(
  result: RunResult,
): { label: string; rps: number; p50: number; p95: number; p99: number; non2xx: string; errors: number; count: number }[] {
  return KINDS.map(({ kind, label }) => {
    const stats = result.byKind.get(kind)!;
    const latencies = sorted(stats.latencies);
    const all = Array.from(latencies);
    const non2xx = [...stats.statuses].filter(([status]) => status < 200 || status >= 300);
    return {
      label,
      count: all.length,
      rps: all.length / result.seconds,
      p50: quantile(all, 50),
      p95: quantile(all, 95),
      p99: quantile(all, 99),
      non2xx: non2xx.length ? non2xx.map(([status, n]) => `${n} (${status})`).join(", ") : "0",
      errors: stats.errors,
    };
  });
}

/** Prints a run's figures; fails the benchmark when it answered nothing, or anything other than 2xx. */
function printRun(result: RunResult): void {
  const rows = endpointRows(result);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const allLatencies = Array.from(sorted(KINDS.flatMap(({ kind }) => result.byKind.get(kind)!.latencies)));
  console.log(`\n### ${result.nodes} node${result.nodes > 1 ? "s" : ""} behind nginx\n`);
  console.log(`${fmt(result.seconds)} s measured; load average ${fmt(result.load[0], 2)} at the start, ${fmt(result.load[1], 2)} at the end.\n`);
  console.log("| endpoint | requests | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors |\n|---|---|---|---|---|---|---|---|");
  for (const row of rows)
    console.log(`| ${row.label} | ${row.count} | ${fmt(row.rps)} | ${fmt(row.p50)} | ${fmt(row.p95)} | ${fmt(row.p99)} | ${row.non2xx} | ${row.errors} |`);
  const non2xx = KINDS.reduce(
    (sum, { kind }) => sum + [...result.byKind.get(kind)!.statuses].filter(([s]) => s < 200 || s >= 300).reduce((n, [, c]) => n + c, 0),
    0,
  );
  const errors = KINDS.reduce((sum, { kind }) => sum + result.byKind.get(kind)!.errors, 0);
  console.log(
    `| **all** | ${total} | **${fmt(total / result.seconds)}** | ${fmt(quantile(allLatencies, 50))} | ${fmt(quantile(allLatencies, 95))} | ${fmt(quantile(allLatencies, 99))} | ${non2xx} | ${errors} |`,
  );
  requirePositive({ requests: total }, `${result.nodes} node(s)`);
  requireNoErrors(non2xx + errors, total, `${result.nodes} node(s), non-2xx answers or errors`);
  const cores = os.cpus().length;
  console.log(`\nCPU during the measured ${fmt(result.seconds)} s (cores used = CPU seconds / wall seconds; the machine has ${cores}):\n`);
  console.log("| process | CPU s | cores used |\n|---|---|---|");
  const ours = result.cpu.reduce((sum, p) => sum + p.seconds, 0);
  for (const p of result.cpu) console.log(`| ${p.name} | ${fmt(p.seconds)} | ${fmt(p.seconds / result.seconds, 2)} |`);
  console.log(
    `| other processes on the machine | ${fmt(Math.max(0, result.machine.busy - ours))} | ${fmt(Math.max(0, result.machine.busy - ours) / result.seconds, 2)} |`,
  );
  console.log(
    `| **whole machine busy** | ${fmt(result.machine.busy)} | ${fmt(result.machine.busy / result.seconds, 2)} of ${cores} (${fmt((100 * result.machine.busy) / result.machine.total, 0)} %) |`,
  );
}

function printRatios(one: RunResult, two: RunResult): void {
  const a = endpointRows(one);
  const b = endpointRows(two);
  console.log("\n### 2 nodes / 1 node\n");
  console.log("| endpoint | req/s ratio | p95 ratio |\n|---|---|---|");
  a.forEach((row, i) => console.log(`| ${row.label} | ${fmt(b[i].rps / row.rps, 2)} | ${fmt(b[i].p95 / row.p95, 2)} |`));
  const rps = (rows: typeof a, seconds: number) => rows.reduce((sum, row) => sum + row.count, 0) / seconds;
  const p95 = (result: RunResult) => quantile(Array.from(sorted(KINDS.flatMap(({ kind }) => result.byKind.get(kind)!.latencies))), 95);
  console.log(`| **all** | **${fmt(rps(b, two.seconds) / rps(a, one.seconds), 2)}** | ${fmt(p95(two) / p95(one), 2)} |`);
}

// ---------------------------------------------------------------------------------------------------

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-scale-"));
onCleanUp(() => fs.rmSync(dir, { recursive: true, force: true }));
const version = (command: string, args: string[]) => {
  const out = spawnSync(command, args, { encoding: "utf8" });
  return `${out.stdout}${out.stderr}`.trim().split("\n")[0];
};
let exitCode = 0;
try {
  const cpus = os.cpus();
  console.log("## Scale-out load: 1 node against 2 behind nginx\n");
  console.log(
    `**Machine**: ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${fmt(os.totalmem() / 2 ** 30, 0)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}. **Date**: ${new Date().toISOString()}.`,
  );
  const buildId = fs.statSync(path.join(".next", "BUILD_ID")).mtime;
  console.log(`nginx: ${version("/usr/sbin/nginx", ["-v"])}; Redis: ${version("redis-server", ["--version"])}; build in .next from ${buildId.toISOString()}.`);

  // The database both runs share, filled once.
  const database = (await serverDatabase(dir))!;
  onCleanUp(() => database.drop());
  console.log(`\nFilling ${visitorCount.toLocaleString("en")} visitors on PostgreSQL…`);
  const fillStarted = Date.now();
  const opened = await openDatabase({ kind: "postgres", url: database.url });
  let publicKey: string;
  try {
    const team = await ensureDefaultTeam(opened.db);
    publicKey = team.publicKey;
    await ensureApiKey(opened.db, team.id, apiKey, "Bench", "api");
    const [{ n: existing }] = await opened.db.select({ n: count() }).from(visitors).where(eq(visitors.teamId, team.id));
    if (Number(existing) < visitorCount) await fillVisitors(opened.db, team.id, visitorCount);
  } finally {
    await opened.close();
  }
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  let postmaster: number;
  let pgVersion: string;
  try {
    // Settle the table as it would be in production, so autovacuum does not start on it mid-run.
    await admin.query("vacuum (analyze) visitors");
    pgVersion = (await admin.query<{ server_version: string }>("show server_version")).rows[0].server_version;
    postmaster = procStat((await admin.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0].pid)!.ppid;
  } finally {
    await admin.end();
  }
  console.log(`Filled and vacuumed in ${((Date.now() - fillStarted) / 1000).toFixed(0)} s (PostgreSQL ${pgVersion}).`);

  console.log(
    `\n${visitorCount.toLocaleString("en")} visitors. Each run: a fresh Redis, the node(s), nginx (1 worker, deploy/nginx/example.conf upstream settings, deploy/nginx/tandem-proxy.conf), ${warmupSeconds} s of warm-up, then ${seconds} s of load from ${connections} connections (closed loop), rate limits off; each node's PostgreSQL pool holds up to 10 connections (lib/db/connection.ts).`,
  );
  console.log("\nThe mix (each request drawn at random):\n");
  console.log("| weight | endpoint | on |\n|---|---|---|");
  for (const k of KINDS) console.log(`| ${fmt((100 * k.weight) / TOTAL_WEIGHT, 0)} % | ${k.label} | ${k.what} |`);
  console.log(
    `\nSearches: ${SEARCHES.map((s) => s.shape).join(", ")}. Visitor pool: ${poolSize} visitors registered through POST /collect/register before the first run, shared by both.`,
  );

  const shared = {
    DATABASE_URL: database.url,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    LINK_SIGNING_SECRET: randomBytes(32).toString("base64url"),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    COBROWSE_API_KEY: apiKey,
    TANDEM_DEMO_SEED: "0",
    TRUSTED_PROXIES: "loopback",
    ...NO_RATE_LIMITS,
  };
  const one = await run(1, shared, dir, publicKey, postmaster);
  printRun(one);
  const two = await run(2, shared, dir, publicKey, postmaster);
  printRun(two);
  printRatios(one, two);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
