/**
 * How many online visitors one app node keeps: every visitor sends `POST /collect/heartbeat` every 15 s,
 * as the visitor script does, so N visitors are N / 15 heartbeats a second. For each step of N: the
 * visitors (in the database, online, with lookup codes while codes last), a warm-up in which the node
 * learns them (each one's first beat is written before it is answered, as after a restart), then the
 * measured seconds.
 *
 *   npx tsx --conditions=react-server bench/heartbeats.ts [--steps 2500,5000,7500,10000]   PGlite
 *   scripts/with-postgres.sh npx tsx --conditions=react-server bench/heartbeats.ts --steps 10000,20000,30000
 *
 * Options: --seconds measured per step (60), --warmup seconds (30). Heartbeats are paced evenly, as a
 * site's visitors send them (bench/paced-load.ts: latency counts from when each was due). Needs a
 * production build. Prints per step the heartbeats asked for and answered per second, p50/p95/p99, errors
 * and the server's CPU, and the first step whose p95 passes 50 ms. One server for all the steps; the load
 * generator shares the machine's two cores with it (and with PostgreSQL).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { serverDatabase } from "../e2e/support/postgres";
import { NO_RATE_LIMITS, startServer } from "../e2e/support/server";
import { openDatabase } from "../lib/db/connection";
import { ensureDefaultTeam } from "../lib/service/teams/team";
import { pacedLoad, type PacedResult } from "./paced-load";
import { cpuSeconds, procStat } from "./process-cpu";

const { values } = parseArgs({
  options: {
    steps: { type: "string", default: "2500,5000,7500,10000" },
    seconds: { type: "string", default: "60" },
    warmup: { type: "string", default: "30" },
  },
});
const steps = values.steps.split(",").map(Number);
const HEARTBEAT_SECONDS = 15;
const P95_BUDGET_MS = 50;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-beats-"));
const onPostgres = Boolean(process.env.DATABASE_URL);
const token = (n: number) => `vt_bench_${n}`;
const visitorId = (n: number) => `H${n.toString(16).padStart(8, "0")}`;

/**
 * Visitors 0…count-1, online: each with the token `vt_bench_<n>`, the first 9,000 with a lookup code, 20 per
 * address. Online for the next hour, so that each step finds its visitors online, as a running site's
 * are; their first heartbeat writes the usual 30 s.
 */
async function fillOnlineVisitors(count: number): Promise<void> {
  const postgres = await serverDatabase(dataDir);
  const database = await openDatabase(postgres ? { kind: "postgres", url: postgres.url } : { kind: "pglite", dir: path.join(dataDir, "pglite") });
  const team = await ensureDefaultTeam(database.db);
  for (let start = 0; start < count; start += 50_000) {
    const end = Math.min(count, start + 50_000) - 1;
    await database.db.execute(sql`
      insert into visitors (short_id, team_id, token_hash, added_at, last_seen_at, online_until, ip_address, last_url, lookup_code, search_text)
      select 'H' || lpad(to_hex(n), 8, '0'), ${team.id}, encode(sha256(convert_to('vt_bench_' || n, 'UTF8')), 'hex'), now(), now(), now() + interval '1 hour',
             '203.0.' || (n / 20 % 256) || '.' || (n % 20), 'https://shop.example.com/', case when n < 9000 then lpad(n::text, 4, '0') end, 'https://shop.example.com/'
      from generate_series(${start}::int, ${end}::int) as n
      on conflict (short_id) do update set online_until = excluded.online_until, last_seen_at = excluded.last_seen_at`);
  }
  await database.close();
}

interface Step extends PacedResult {
  cpu: number;
  /** PostgreSQL's cores (its postmaster's tree), on PostgreSQL. */
  databaseCpu: number | null;
}

/** PostgreSQL's postmaster, whose tree holds every backend: what the database's CPU is counted on. */
async function postmasterPid(): Promise<number | null> {
  const postgres = await serverDatabase(dataDir);
  if (!postgres) return null;
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return procStat((await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0].pid)?.ppid ?? null;
  } finally {
    await client.end();
  }
}

/** Heartbeats of visitors 0…count-1 at `count / 15` a second, each visitor in turn, for `duration` seconds. */
async function beat(url: string, count: number, duration: number, pid: number, postmaster: number | null): Promise<Step> {
  const roots = { server: [pid], database: postmaster ? [postmaster] : [] };
  const before = cpuSeconds(roots);
  const started = performance.now();
  const result = await pacedLoad(url, count / HEARTBEAT_SECONDS, duration, (index) => {
    const n = index % count;
    return {
      method: "POST",
      path: "/collect/heartbeat",
      body: "{}",
      headers: { "content-type": "application/json", "x-visitor-id": visitorId(n), "x-visitor-token": token(n) },
    };
  });
  const after = cpuSeconds(roots);
  const seconds = (performance.now() - started) / 1000;
  return { ...result, cpu: (after.server - before.server) / seconds, databaseCpu: postmaster ? (after.database - before.database) / seconds : null };
}

const line = (visitors: number, phase: string, step: Step) =>
  `| ${visitors.toLocaleString("en")} | ${phase} | ${step.asked.toFixed(0)} | ${step.answered.toFixed(0)} | ${step.p50.toFixed(1)} | ${step.p95.toFixed(1)} | ${step.p99.toFixed(1)} | ${step.errors} | ${step.cpu.toFixed(2)} | ${step.databaseCpu?.toFixed(2) ?? "–"} |`;

await fillOnlineVisitors(Math.max(...steps));
const server = await startServer({ dataDir, env: { TANDEM_DEMO_SEED: "0", ...NO_RATE_LIMITS } });
const postmaster = await postmasterPid();
try {
  console.log(
    `${onPostgres ? "PostgreSQL" : "PGlite"}: one app node; each visitor beats every ${HEARTBEAT_SECONDS} s; ${values.warmup} s of warm-up, then ${values.seconds} s measured per step.`,
  );
  console.log(
    "| online visitors | phase | heartbeats/s asked | answered | p50 ms | p95 ms | p99 ms | errors | server CPU (cores) | database CPU (cores) |\n|---|---|---|---|---|---|---|---|---|---|",
  );
  let ceiling: number | null = null;
  for (const visitors of steps) {
    console.log(line(visitors, "warm-up", await beat(server.url, visitors, Number(values.warmup), server.pid, postmaster)));
    const measured = await beat(server.url, visitors, Number(values.seconds), server.pid, postmaster);
    console.log(line(visitors, "measured", measured));
    if (measured.p95 > P95_BUDGET_MS || measured.errors > 0 || measured.answered < measured.asked * 0.95) {
      ceiling = visitors;
      break;
    }
  }
  console.log(
    ceiling === null
      ? `p95 stayed within ${P95_BUDGET_MS} ms at every step.`
      : `p95 passed ${P95_BUDGET_MS} ms (or answers fell short) at ${ceiling.toLocaleString("en")} visitors.`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
