/**
 * GET visitor by id and search, through the real server (npm start's), with many visitors in the database
 * (bench/fill-visitors.ts's long tail), while a live site's writes run (bench/background-writes.ts:
 * registrations, each identified, and heartbeats) and another team's offline visitors are purged.
 *
 *   npx tsx --conditions=react-server bench/api-latency.ts [--visitors 1000000] [--requests 3200]
 *   scripts/with-postgres.sh npx tsx --conditions=react-server bench/api-latency.ts   (PostgreSQL)
 *
 * Options: --registrations and --heartbeats a second (50, 200; both 0: an idle machine, no purge either),
 * --concurrency (8), --reuse (fill the database DATABASE_URL names itself, once, and use it again in later
 * runs: the fill takes minutes; the index rebuild times are measured only by a run that filled). Needs a
 * production build (`npm run build`). Prints the fill and index build times, p50/p95/p99 one request at a
 * time and requests per second with `concurrency` clients (autocannon) per endpoint (the search's against
 * /healthz's in the same run), p50/p95/max per form of search, and (with writes) what deleting one visitor
 * at a time takes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { count, eq, sql } from "drizzle-orm";
import { serverDatabase } from "../e2e/support/postgres";
import { NO_RATE_LIMITS, startServer } from "../e2e/support/server";
import { openDatabase } from "../lib/db/connection";
import { teams, visitors } from "../lib/service/core/schema";
import { ensureApiKey, ensureDefaultTeam } from "../lib/service/teams/team";
import { startWrites } from "./background-writes";
import { fillVisitors } from "./fill-visitors";
import { BenchmarkFailure, requireNoErrors } from "./fail-loudly";
import { loadRequests, percentile, summarize, timeRequests, type Summary } from "./measure";
import { searchForms } from "./search-forms";

const { values } = parseArgs({
  options: {
    visitors: { type: "string", default: "1000000" },
    requests: { type: "string", default: "3200" },
    concurrency: { type: "string", default: "8" },
    registrations: { type: "string", default: "50" },
    heartbeats: { type: "string", default: "200" },
    reuse: { type: "boolean", default: false },
  },
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
const reuse = values.reuse && process.env.DATABASE_URL;
const postgres = reuse ? { url: reuse } : await serverDatabase(dataDir);
const database = await openDatabase(postgres ? { kind: "postgres", url: postgres.url } : { kind: "pglite", dir: path.join(dataDir, "pglite") });
const team = await ensureDefaultTeam(database.db);
await ensureApiKey(database.db, team.id, apiKey, "Bench", "api");
const [{ n: existing }] = await database.db.select({ n: count() }).from(visitors).where(eq(visitors.teamId, team.id));
const filling = Number(existing) < visitorCount;
if (filling) await fillVisitors(database.db, team.id, visitorCount);
console.log(`Filled in ${((Date.now() - fillStarted) / 1000).toFixed(0)} s (the search triggers and indexes kept up as rows came in).`);
const rates = { registrations: Number(values.registrations), heartbeats: Number(values.heartbeats) };
// The purge is a write too: a run without writes (an idle machine) has no other team to purge.
const idle = rates.registrations === 0 && rates.heartbeats === 0;
// Another team whose offline visitors are purged while searches run.
const purgeKey = "tk_bench_purge_0123456789abcdef";
await database.db
  .insert(teams)
  .values({ id: "t_purged", name: "Purged", domain: "shop.example.com", publicKey: "pk_bench_purged", webhookSecret: "whsec_bench" })
  .onConflictDoNothing();
await ensureApiKey(database.db, "t_purged", purgeKey, "Bench", "api");
// Ids of their own: the main team's would conflict, and nothing would be filled to purge.
if (!idle) await fillVisitors(database.db, "t_purged", 20_000, { idPrefix: "P" });
// What building the search indexes anew takes at this size (as a migration on an existing table would).
for (const index of filling ? ["visitors_search_words_idx", "visitors_search_hours_idx", "search_words_keys_idx", "visitors_search_trgm_idx"] : []) {
  const started = Date.now();
  await database.db.execute(sql.raw(`reindex index ${index}`));
  const [{ size }] = (await database.db.execute<{ size: string }>(sql`select pg_size_pretty(pg_relation_size(${index}::regclass)) as size`)).rows;
  console.log(`${index}: rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s, ${size}`);
}
const [{ words, size: dictionarySize }] = (
  await database.db.execute<{ words: string; size: string }>(
    sql`select count(*) as words, pg_size_pretty(pg_total_relation_size('search_words')) as size from search_words where team_id = ${team.id}`,
  )
).rows;
console.log(`Dictionary: ${Number(words).toLocaleString("en")} words, ${dictionarySize} with its indexes.`);
await database.close();

const server = await startServer({
  dataDir,
  env: { TANDEM_DEMO_SEED: "0", COBROWSE_API_KEY: apiKey, ...NO_RATE_LIMITS, ...(reuse && { DATABASE_URL: reuse }) },
});
const headers = { "x-api-key": apiKey };
const pick = (i: number) => `B${((i * 7919) % visitorCount).toString(16).padStart(8, "0")}`;
const searches = searchForms(visitorCount);

/** Sequential requests go through the searches in turn, so request i is search i mod their count. */
function searchBreakdown(latencies: number[]): string[] {
  return searches.map(([form, search], s) => {
    const own = latencies.filter((_, i) => i % searches.length === s).sort((a, b) => a - b);
    return `| ${form} | \`${search}\` | ${percentile(own, 50).toFixed(1)} | ${percentile(own, 95).toFixed(1)} | ${own[own.length - 1].toFixed(1)} |`;
  });
}

/**
 * Deletes `total` of the filled visitors one at a time (from a random offset: a reused database has lost
 * the last run's): each takes its words out of the team's dictionary, unless another visitor holds them.
 */
async function timeDeletions(total: number): Promise<string> {
  const offset = Math.floor(Math.random() * visitorCount);
  const took: number[] = [];
  let refused = 0;
  for (let k = 0; k < total; k++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/v1.3/visitors/${pick(offset + k)}`, { method: "DELETE", headers });
    await response.arrayBuffer();
    if (response.ok) took.push(performance.now() - started);
    else refused++;
  }
  took.sort((a, b) => a - b);
  return `deleting one visitor at a time: p50 ${percentile(took, 50).toFixed(1)} ms, max ${took.at(-1)?.toFixed(1)} ms over ${took.length} (${refused} refused: online or gone)`;
}

let bySearch: string[] = [];
const writes = startWrites(server.url, team.publicKey, rates);
// The purge comes in the middle of the sequential searches (at about 5 ms a request).
let purged = "no purge (no writes)";
let purgeFailed = "";
const purge = new Promise<void>((resolve) =>
  setTimeout(
    async () => {
      if (idle) return resolve();
      const started = performance.now();
      const response = await fetch(`${server.url}/v1.3/visitors?all=true`, { method: "DELETE", headers: { "x-api-key": purgeKey } }).catch(() => null);
      if (!response?.ok) purgeFailed = `the purge answered ${response?.status ?? "nothing"}`;
      purged = `purge of ${response?.headers.get("x-deleted-count")} visitors of another team: ${response?.status} in ${(performance.now() - started).toFixed(0)} ms`;
      resolve();
    },
    Math.min(15_000, requests * 5),
  ),
);
try {
  // Latency one request at a time (what one agent waits), throughput with `concurrency` clients.
  console.log(
    `\n${visitorCount.toLocaleString("en")} visitors on ${onPostgres ? "PostgreSQL" : "PGlite"}: latency over ${requests} sequential requests, throughput with ${concurrency} concurrent clients`,
  );
  console.log(`| endpoint | p50 ms | p95 ms | p99 ms | req/s (${concurrency} clients) | errors |\n|---|---|---|---|---|---|`);
  for (const [name, url] of [
    ["GET /v1.3/visitors/{id}", (i: number) => `${server.url}/v1.3/visitors/${pick(i)}`],
    ["GET /v1.3/list?search=…", (i: number) => `${server.url}/v1.3/list?search=${encodeURIComponent(searches[i % searches.length][1])}`],
    ["GET /healthz", () => `${server.url}/healthz`],
  ] as const) {
    await timeRequests(url, headers, 50, 1); // warm-up
    const sequential = await timeRequests(url, headers, requests, 1);
    const latency: Summary = summarize(sequential);
    if (name.includes("search")) bySearch = searchBreakdown(sequential.latencies);
    const throughput: Summary = await loadRequests(url, headers, requests, concurrency);
    console.log(
      `| ${name} | ${latency.p50.toFixed(1)} | ${latency.p95.toFixed(1)} | ${latency.p99.toFixed(1)} | ${throughput.rps.toFixed(0)} | ${latency.errors + throughput.errors} |`,
    );
    requireNoErrors(latency.errors + throughput.errors, requests * 2, name);
  }
  console.log("\n| form | search | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|");
  for (const row of bySearch) console.log(row);
  await purge;
  if (purgeFailed) throw new BenchmarkFailure(purgeFailed);
  const deleted = idle ? "" : `; ${await timeDeletions(20)}`;
  const wrote = await writes.stop();
  console.log(
    `\nWrites meanwhile: ${(wrote.registrations / wrote.seconds).toFixed(0)} registrations (each identified) and ${(wrote.heartbeats / wrote.seconds).toFixed(0)} heartbeats a second, ${wrote.errors} errors; ${purged}${deleted}.`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
