/**
 * GET visitor by id and search, through the real server (npm start's), with many visitors in the database.
 *
 *   npx tsx --conditions=react-server bench/api-latency.ts [--visitors 1000000] [--requests 2000]
 *   scripts/with-postgres.sh npx tsx --conditions=react-server bench/api-latency.ts   (PostgreSQL)
 *
 * Needs a production build (`npm run build`). Prints p50/p95/p99 and requests per second per endpoint.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { count, eq } from "drizzle-orm";
import { serverDatabase } from "../e2e/support/postgres";
import { NO_RATE_LIMITS, startServer } from "../e2e/support/server";
import { openDatabase } from "../lib/db/connection";
import { visitors } from "../lib/service/core/schema";
import { ensureApiKey, ensureDefaultTeam } from "../lib/service/teams/team";
import { fillVisitors } from "./fill-visitors";
import { percentile, summarize, timeRequests, type Summary } from "./measure";

const { values } = parseArgs({
  options: { visitors: { type: "string", default: "1000000" }, requests: { type: "string", default: "2000" }, concurrency: { type: "string", default: "8" } },
});
const visitorCount = Number(values.visitors);
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);
const onPostgres = Boolean(process.env.DATABASE_URL);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-"));
const apiKey = "tk_bench_key_0123456789abcdef";

console.log(`Filling ${visitorCount.toLocaleString("en")} visitors on ${onPostgres ? "PostgreSQL" : "PGlite"}…`);
const fillStarted = Date.now();
// On PostgreSQL the server gets a database of its own, named after its data folder: fill that one.
const postgres = await serverDatabase(dataDir);
const database = await openDatabase(postgres ? { kind: "postgres", url: postgres.url } : { kind: "pglite", dir: path.join(dataDir, "pglite") });
const team = await ensureDefaultTeam(database.db);
await ensureApiKey(database.db, team.id, apiKey, "Bench", "api");
const [{ n: existing }] = await database.db.select({ n: count() }).from(visitors).where(eq(visitors.teamId, team.id));
if (Number(existing) < visitorCount) await fillVisitors(database.db, team.id, visitorCount);
await database.close();
console.log(`Filled in ${((Date.now() - fillStarted) / 1000).toFixed(0)} s.`);

const server = await startServer({ dataDir, env: { TANDEM_DEMO_SEED: "0", COBROWSE_API_KEY: apiKey, ...NO_RATE_LIMITS } });
const headers = { "x-api-key": apiKey };
const pick = (i: number) => `B${((i * 7919) % visitorCount).toString(16).padStart(8, "0")}`;
const searches = [
  "#vip online",
  "jane cooper",
  "id:user-4242",
  "jane.cooper4242@example.org",
  "ip:198.51.16.146",
  "integration_id:acmechat:4240",
  "-online #trial",
  "prya pate",
  "0007",
  "checkout",
];

/** Sequential requests go through the searches in turn, so request i is search i mod 10. */
function searchBreakdown(latencies: number[]): string[] {
  return searches.map((search, s) => {
    const own = latencies.filter((_, i) => i % searches.length === s).sort((a, b) => a - b);
    return `| \`${search}\` | ${percentile(own, 50).toFixed(1)} | ${own[own.length - 1].toFixed(1)} |`;
  });
}

let bySearch: string[] = [];
try {
  // Latency one request at a time (what one agent waits), throughput with `concurrency` clients.
  console.log(
    `\n${visitorCount.toLocaleString("en")} visitors on ${onPostgres ? "PostgreSQL" : "PGlite"}: latency over ${requests} sequential requests, throughput with ${concurrency} concurrent clients`,
  );
  console.log(`| endpoint | p50 ms | p95 ms | p99 ms | req/s (${concurrency} clients) | errors |\n|---|---|---|---|---|---|`);
  for (const [name, url] of [
    ["GET /v1.3/visitors/{id}", (i: number) => `${server.url}/v1.3/visitors/${pick(i)}`],
    ["GET /v1.3/list?search=…", (i: number) => `${server.url}/v1.3/list?search=${encodeURIComponent(searches[i % searches.length])}`],
  ] as const) {
    await timeRequests(url, headers, 50, 1); // warm-up
    const sequential = await timeRequests(url, headers, requests, 1);
    const latency: Summary = summarize(sequential);
    if (name.includes("search")) bySearch = searchBreakdown(sequential.latencies);
    const throughput: Summary = summarize(await timeRequests(url, headers, requests, concurrency));
    console.log(
      `| ${name} | ${latency.p50.toFixed(1)} | ${latency.p95.toFixed(1)} | ${latency.p99.toFixed(1)} | ${throughput.rps.toFixed(0)} | ${latency.errors + throughput.errors} |`,
    );
  }
  console.log("\n| search | p50 ms | max ms |\n|---|---|---|");
  for (const row of bySearch) console.log(row);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
