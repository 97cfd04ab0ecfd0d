/**
 * `GET /v1.3/visitors/{id}` with 8 clients: Tandem's throughput and latency, and on PostgreSQL the same
 * against the machine's limit, a bare `node:http` + `pg` server doing the same work (bench/baseline),
 * in alternating rounds of one run.
 *
 *   npx tsx --conditions=react-server bench/api-throughput.ts                 PGlite, the demo database
 *   scripts/with-postgres.sh npx tsx --conditions=react-server bench/api-throughput.ts [--visitors 100000]
 *
 * Options: --seconds per round (10), --rounds (3), --connections (8). Needs a production build. Each
 * request asks for a random visitor; the server is Tandem's (`npm start`'s) with rate limits off.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Client } from "autocannon";
import { count, eq } from "drizzle-orm";
import { serverDatabase } from "../e2e/support/postgres";
import { freePort, NO_RATE_LIMITS, startServer } from "../e2e/support/server";
import { openDatabase } from "../lib/db/connection";
import { visitors } from "../lib/service/core/schema";
import { ensureApiKey, ensureDefaultTeam } from "../lib/service/teams/team";
import { fillVisitors } from "./fill-visitors";
import { fetchJson, requireNoErrors, requireSamples } from "./fail-loudly";
import { percentile } from "./measure";
import { cpuSeconds } from "./process-cpu";

const { values } = parseArgs({
  options: {
    visitors: { type: "string", default: "100000" },
    seconds: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "8" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const onPostgres = Boolean(process.env.DATABASE_URL);
const apiKey = "tk_bench_throughput_0123456789";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-"));

interface Round {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
  cpu: number;
}

/** `connections` clients, each asking for a random visitor of `ids` as soon as its last answer came. */
async function load(url: string, ids: string[], pids: number[]): Promise<Round> {
  const latencies: number[] = [];
  let failed = 0;
  const before = cpuSeconds({ server: pids }).server;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          method: "GET",
          path: `/v1.3/visitors/${ids[Math.floor(Math.random() * ids.length)]}`,
          headers: { "x-api-key": apiKey },
        }),
      },
    ],
    setupClient: (client: Client) => {
      client.on("response", (status: number, _bytes: number, ms: number) => {
        latencies.push(ms);
        if (status !== 200) failed++;
      });
    },
  });
  const cpu = cpuSeconds({ server: pids }).server - before;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failed: failed + result.errors,
    cpu: cpu / result.duration,
  };
}

const row = (round: number, name: string, r: Round) =>
  `| ${round} | ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.cpu.toFixed(2)} | ${r.failed} |`;
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

const cleanUps: Array<() => Promise<void> | void> = [];
try {
  let ids: string[];
  const targets: Array<{ name: string; url: string; pids: number[] }> = [];
  if (onPostgres) {
    const visitorCount = Number(values.visitors);
    const postgres = (await serverDatabase(dataDir))!;
    const database = await openDatabase({ kind: "postgres", url: postgres.url });
    const team = await ensureDefaultTeam(database.db);
    await ensureApiKey(database.db, team.id, apiKey, "Bench", "api");
    const [{ n }] = await database.db.select({ n: count() }).from(visitors).where(eq(visitors.teamId, team.id));
    if (Number(n) < visitorCount) await fillVisitors(database.db, team.id, visitorCount);
    await database.close();
    ids = Array.from({ length: visitorCount }, (_, i) => `B${i.toString(16).padStart(8, "0")}`);
    // Tandem's server first: its stop drops the database, so the baseline (stopped first) must not be on it then.
    const tandem = await startServer({ dataDir, env: { TANDEM_DEMO_SEED: "0", COBROWSE_API_KEY: apiKey, ...NO_RATE_LIMITS } });
    cleanUps.push(() => tandem.stop());
    const baselinePort = await freePort();
    const baseline = spawn(path.join("node_modules", ".bin", "tsx"), ["bench/baseline/server.ts"], {
      env: { ...process.env, DATABASE_URL: postgres.url, PORT: String(baselinePort) },
      stdio: "inherit",
      detached: true,
    });
    const baselineExit = new Promise((exited) => baseline.once("exit", exited));
    cleanUps.push(async () => {
      try {
        process.kill(-baseline.pid!, "SIGTERM");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error; // ESRCH: it had exited already
      }
      await baselineExit;
    });
    for (let tries = 0; !(await fetch(`http://127.0.0.1:${baselinePort}/`).catch(() => null)); tries++) {
      if (tries > 100) throw new Error("the baseline server did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    targets.push({ name: "baseline (node:http + pg)", url: `http://127.0.0.1:${baselinePort}`, pids: [baseline.pid!] });
    targets.push({ name: "Tandem", url: tandem.url, pids: [tandem.pid] });
    console.log(`PostgreSQL, ${visitorCount.toLocaleString("en")} visitors; ${connections} clients, ${seconds} s per round.`);
  } else {
    const tandem = await startServer({ dataDir, env: { TANDEM_DEMO_SEED: "1", COBROWSE_API_KEY: apiKey, ...NO_RATE_LIMITS } });
    cleanUps.push(() => tandem.stop());
    const listed = await fetchJson<{ visitors: Array<{ short_id: string }> }>(`${tandem.url}/v1.3/list?max_results=500`, { headers: { "x-api-key": apiKey } });
    ids = requireSamples(
      listed.visitors.map((visitor) => visitor.short_id),
      "the demo database's visitors",
    );
    targets.push({ name: "Tandem", url: tandem.url, pids: [tandem.pid] });
    console.log(`PGlite, the demo database (${ids.length} visitors); ${connections} clients, ${seconds} s per round.`);
  }

  for (const target of targets) await load(target.url, ids, target.pids); // warm-up, not counted
  console.log("| round | server | req/s | p50 ms | p95 ms | p99 ms | server CPU (cores) | non-200 or errors |\n|---|---|---|---|---|---|---|---|");
  const results = new Map<string, Round[]>(targets.map((target) => [target.name, []]));
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const target of targets) {
      const result = await load(target.url, ids, target.pids);
      results.get(target.name)!.push(result);
      console.log(row(round, target.name, result));
      requireNoErrors(result.failed, Math.round(result.rps * seconds), `${target.name}, round ${round}`);
    }
  }
  const tandem = results.get("Tandem")!;
  console.log(
    `Tandem, median of ${tandem.length} rounds: ${median(tandem.map((r) => r.rps)).toFixed(0)} req/s, p95 ${median(tandem.map((r) => r.p95)).toFixed(1)} ms.`,
  );
  if (onPostgres) {
    const baseline = results.get("baseline (node:http + pg)")!;
    const ratios = tandem.map((r, index) => r.rps / baseline[index].rps);
    console.log(
      `Tandem / baseline, round by round: ${ratios.map((ratio) => `${(ratio * 100).toFixed(0)} %`).join(", ")} (median ${(median(ratios) * 100).toFixed(0)} %).`,
    );
  }
} finally {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
