/**
 * How many online visitors one PostgreSQL node keeps: two app nodes (`npm start`'s server on the same
 * build) behind nginx (deploy/nginx), with REDIS_URL set, as a scaled-out deployment runs them. Every
 * visitor sends `POST /collect/heartbeat` every 15 s, as the visitor script does, so N visitors are N / 15
 * heartbeats a second.
 *
 *   scripts/with-postgres.sh npx tsx --conditions=react-server bench/heartbeats.ts [--steps 10000,30000] [--baseline ../main]
 *
 * PostgreSQL only (DATABASE_URL). Needs a production build (`npm run build`), nginx and redis-server.
 * `--baseline DIR`: a checkout with a build of its own, measured first in the same run, the same way.
 * For each checkout: a database, a Redis and two nodes of their own, nginx in front, the visitors (online,
 * with tokens, the first 9,000 with lookup codes, 20 per address). For each step of N: the visitors made
 * last seen one beat period ago (as a running site's are), a warm-up in which the nodes learn them (the
 * credentials of each one read once), then the measured seconds. Beats are paced evenly (open loop:
 * latency counts from when each was due) by a light generator (bench/paced-sockets.ts) in this process.
 * Prints per step the load average at its start, beats asked and answered a second, p50/p95/p99, refused
 * beats, and the CPU of each component (each node, nginx, PostgreSQL's postmaster tree, Redis, the
 * generator) in cores and in milliseconds a beat. Fails (non-zero exit) when a beat was refused or
 * dropped, or nothing was measured.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { startNginx } from "../e2e/support/cluster";
import { serverDatabase } from "../e2e/support/postgres";
import { freePort, NO_RATE_LIMITS, startServer, type RunningServer } from "../e2e/support/server";
import { startRedisServer } from "../lib/testing/redis-server";
import { BenchmarkFailure, requireFinite } from "./fail-loudly";
import { pacedSocketLoad, type SocketLoadResult } from "./paced-sockets";
import { cpuSeconds, procStat } from "./process-cpu";

const { values } = parseArgs({
  options: {
    steps: { type: "string", default: "10000,30000" },
    seconds: { type: "string", default: "60" },
    warmup: { type: "string", default: "30" },
    baseline: { type: "string" },
  },
});
const steps = values.steps.split(",").map(Number);
const HEARTBEAT_SECONDS = 15;
const P95_BUDGET_MS = 50;
if (!process.env.DATABASE_URL) {
  console.error("bench/heartbeats.ts runs on PostgreSQL: scripts/with-postgres.sh npx tsx --conditions=react-server bench/heartbeats.ts");
  process.exit(1);
}
const checkouts = [...(values.baseline ? [{ name: "baseline", dir: path.resolve(values.baseline) }] : []), { name: "this build", dir: process.cwd() }];
for (const { dir } of checkouts) {
  if (!fs.existsSync(path.join(dir, ".next", "BUILD_ID"))) {
    console.error(`No production build in ${dir}/.next: run \`npm run build\` there first.`);
    process.exit(1);
  }
}

const token = (n: number) => `vt_bench_${n}`;
const visitorId = (n: number) => `H${n.toString(16).padStart(8, "0")}`;

/** Visitors 0…count-1 of the database's team, each with the token `vt_bench_<n>`. */
async function fillVisitors(client: pg.Client, count: number): Promise<void> {
  const team = await client.query<{ id: string }>("select id from teams order by created_at limit 1");
  if (!team.rows.length) throw new BenchmarkFailure("the nodes made no team");
  await client.query(
    `insert into visitors (short_id, team_id, token_hash, added_at, last_seen_at, online_until, ip_address, last_url, lookup_code, search_text)
     select 'H' || lpad(to_hex(n), 8, '0'), $1, encode(sha256(convert_to('vt_bench_' || n, 'UTF8')), 'hex'), now(), now(), now(),
            '203.0.' || (n / 20 % 256) || '.' || (n % 20), 'https://shop.example.com/', case when n < 9000 then lpad(n::text, 4, '0') end, 'https://shop.example.com/'
     from generate_series(0, $2::int - 1) as n
     on conflict (short_id) do nothing`,
    [team.rows[0].id, count],
  );
}

/**
 * Visitor n last beat one period before its first beat of the step (at n / count of a period), so each
 * is online when it beats, as on a running site.
 */
async function lastSeenOnePeriodAgo(client: pg.Client, count: number): Promise<void> {
  await client.query(
    `update visitors set last_seen_at = seen, online_until = seen + interval '30 seconds'
     from (select 'H' || lpad(to_hex(n), 8, '0') as id, now() + (n::float8 / $1 - 1) * interval '${HEARTBEAT_SECONDS} seconds' as seen
           from generate_series(0, $1::int - 1) as n) as beat
     where short_id = beat.id`,
    [count],
  );
}

/** The heartbeat of visitor n, as bytes: what the visitor script sends. */
function heartbeatRequest(host: string, n: number): Buffer {
  return Buffer.from(
    `POST /collect/heartbeat HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n` +
      `X-Visitor-Id: ${visitorId(n)}\r\nX-Visitor-Token: ${token(n)}\r\n\r\n{}`,
    "latin1",
  );
}

interface Component {
  name: string;
  pids: number[];
}

interface Measured extends SocketLoadResult {
  /** CPU seconds of each component over the phase. */
  cpu: Map<string, number>;
  seconds: number;
  load: number;
}

async function beat(port: number, count: number, seconds: number, offset: number, components: Component[], requests: Buffer[]): Promise<Measured> {
  const roots = Object.fromEntries(components.map((component) => [component.name, component.pids]));
  const load = os.loadavg()[0];
  const before = cpuSeconds(roots);
  const self = process.cpuUsage();
  const started = performance.now();
  const result = await pacedSocketLoad("127.0.0.1", port, count / HEARTBEAT_SECONDS, seconds, (index) => requests[(offset + index) % count]);
  const elapsed = (performance.now() - started) / 1000;
  const after = cpuSeconds(roots);
  const own = process.cpuUsage(self);
  const cpu = new Map(components.map((component) => [component.name, after[component.name] - before[component.name]]));
  cpu.set("generator", (own.user + own.system) / 1e6);
  return { ...result, cpu, seconds: elapsed, load };
}

const COMPONENTS = ["node a", "node b", "nginx", "PostgreSQL", "Redis", "generator"];
const header = () =>
  `| checkout | online visitors | phase | load avg | beats/s asked | answered | p50 ms | p95 ms | p99 ms | refused | ${COMPONENTS.map((name) => `${name} cores (ms/beat)`).join(" | ")} | all ms/beat |\n` +
  `|---|---|---|---|---|---|---|---|---|---|${COMPONENTS.map(() => "---|").join("")}---|`;

function row(checkout: string, visitors: number, phase: string, step: Measured): string {
  const beats = step.samples + [...step.errors.values()].reduce((sum, n) => sum + n, 0);
  const cells = COMPONENTS.map((name) => {
    const cpu = step.cpu.get(name)!;
    return `${(cpu / step.seconds).toFixed(2)} (${((cpu * 1000) / beats).toFixed(3)})`;
  });
  const all = [...step.cpu.values()].reduce((sum, cpu) => sum + cpu, 0);
  const refused = [...step.errors].map(([why, n]) => `${n} ${why}`).join(", ") || "0";
  const p = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "–");
  return `| ${checkout} | ${visitors.toLocaleString("en")} | ${phase} | ${step.load.toFixed(1)} | ${step.asked.toFixed(0)} | ${step.answered.toFixed(0)} | ${p(step.p50)} | ${p(step.p95)} | ${p(step.p99)} | ${refused} | ${cells.join(" | ")} | ${((all * 1000) / beats).toFixed(3)} |`;
}

/** PostgreSQL's postmaster, whose tree holds every backend: what the database's CPU is counted on. */
async function postmasterPid(client: pg.Client): Promise<number> {
  const backend = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0].pid;
  const postmaster = procStat(backend)?.ppid;
  if (!postmaster) throw new BenchmarkFailure("PostgreSQL's postmaster is not a process of this machine: its CPU cannot be read");
  return postmaster;
}

const sum = (...counts: Map<string, number>[]) => {
  const total = new Map<string, number>();
  for (const count of counts) for (const [why, n] of count) total.set(why, (total.get(why) ?? 0) + n);
  return total;
};

async function runCheckout(checkout: { name: string; dir: string }): Promise<string[]> {
  const failures: string[] = [];
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-beats-"));
  const stops: (() => unknown)[] = [];
  try {
    const database = (await serverDatabase(runDir))!;
    stops.push(() => database.drop());
    const redis = await startRedisServer();
    stops.push(() => redis.stop());
    // Nodes sharing a Redis share their secrets too.
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      LINK_SIGNING_SECRET: randomBytes(32).toString("base64url"),
      TRUSTED_PROXIES: "loopback",
      TANDEM_DEMO_SEED: "0",
      ...NO_RATE_LIMITS,
    };
    const nodes: RunningServer[] = [];
    for (const name of ["a", "b"]) {
      // One after the other: the first migrates the new database.
      const node = await startServer({ cwd: checkout.dir, env: { ...env, TANDEM_NODE_NAME: `node-${name}` } });
      stops.push(() => node.stop());
      nodes.push(node);
    }
    const nginxPort = await freePort();
    // startNginx makes its folder.
    const nginx = await startNginx(path.join(runDir, "nginx"), nginxPort, [nodes[0].port, nodes[1].port]);
    stops.push(() => nginx.stop());
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    stops.push(() => client.end());
    const components: Component[] = [
      { name: "node a", pids: [nodes[0].pid] },
      { name: "node b", pids: [nodes[1].pid] },
      { name: "nginx", pids: [nginx.pid] },
      { name: "PostgreSQL", pids: [await postmasterPid(client)] },
      { name: "Redis", pids: [redis.pid] },
    ];
    await fillVisitors(client, Math.max(...steps));
    await client.query("vacuum analyze visitors");
    const host = `127.0.0.1:${nginxPort}`;
    const requests = Array.from({ length: Math.max(...steps) }, (_, n) => heartbeatRequest(host, n));
    for (const visitors of steps) {
      await lastSeenOnePeriodAgo(client, visitors);
      const warmup = Number(values.warmup);
      const warmed = await beat(nginxPort, visitors, warmup, 0, components, requests);
      console.log(row(checkout.name, visitors, "warm-up", warmed));
      // The measured beats carry on from the warm-up's: each visitor keeps its 15 s.
      const measured = await beat(nginxPort, visitors, Number(values.seconds), Math.round((warmup * visitors) / HEARTBEAT_SECONDS), components, requests);
      console.log(row(checkout.name, visitors, "measured", measured));
      if (measured.samples === 0) throw new BenchmarkFailure(`${checkout.name}, ${visitors} visitors: no beat answered`);
      requireFinite({ p50: measured.p50, p95: measured.p95, p99: measured.p99 }, `${checkout.name}, ${visitors} visitors`);
      const refused = sum(warmed.errors, measured.errors);
      if (refused.size) {
        failures.push(`${checkout.name}, ${visitors} visitors: beats refused or dropped (${[...refused].map(([why, n]) => `${n} ${why}`).join(", ")})`);
        break;
      }
      if (measured.p95 > P95_BUDGET_MS) console.log(`(${checkout.name}: p95 passed ${P95_BUDGET_MS} ms at ${visitors.toLocaleString("en")} visitors)`);
    }
  } finally {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch((error: unknown) => console.error("Stopping:", error));
    fs.rmSync(runDir, { recursive: true, force: true });
  }
  return failures;
}

console.log(
  `PostgreSQL, two app nodes behind nginx, Redis; each visitor beats every ${HEARTBEAT_SECONDS} s; ${values.warmup} s of warm-up, then ${values.seconds} s measured per step; ${os.cpus().length} cores.\n`,
);
console.log(header());
const failures: string[] = [];
for (const checkout of checkouts) failures.push(...(await runCheckout(checkout)));
if (failures.length) throw new BenchmarkFailure(failures.join("; "));
