/**
 * Where a search's time goes: the CPU the server's processes and the database cluster's spend per search
 * (and this client's), each form of search and all of them with 8 clients (autocannon), through the real
 * server on a database already filled by bench/api-latency.ts (`--reuse`), on PostgreSQL:
 *
 *   DATABASE_URL=postgres://… npx tsx --conditions=react-server bench/search-cpu.ts [--visitors 1000000] [--requests 1800]
 *
 * Throughput with 8 clients on a 2-core machine is bounded by the sum (and the server's share by one
 * core: Node runs the route on one thread). Needs a production build (`npm run build`).
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { NO_RATE_LIMITS, startServer } from "../e2e/support/server";
import { requireNoErrors } from "./fail-loudly";
import { loadRequests, summarize, timeRequests, type Summary } from "./measure";
import { cpuSeconds, procStat } from "./process-cpu";
import { searchForms } from "./search-forms";

const { values } = parseArgs({
  options: { visitors: { type: "string", default: "1000000" }, requests: { type: "string", default: "1800" }, "per-form": { type: "string", default: "100" } },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL: a PostgreSQL database filled by bench/api-latency.ts --reuse");
const apiKey = "tk_bench_key_0123456789abcdef"; // bench/api-latency.ts's
const searches = searchForms(Number(values.visitors));
const requests = Number(values.requests);
const perForm = Number(values["per-form"]);

const server = await startServer({ env: { TANDEM_DEMO_SEED: "0", COBROWSE_API_KEY: apiKey, ...NO_RATE_LIMITS, DATABASE_URL: url } });
const client = new pg.Client({ connectionString: url });
await client.connect();
const headers = { "x-api-key": apiKey };
const searchUrl = (search: string) => `${server.url}/v1.3/list?search=${encodeURIComponent(search)}`;

// The whole cluster, through its postmaster: a backend that exits (its pool closed an idle connection) still counts.
const [{ pid: backend }] = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows;
const roots = { server: [server.pid], database: [procStat(backend)!.ppid] };

/** CPU milliseconds per request of the server's processes, the database cluster's, and this client. */
async function cpuPerRequest(requestUrl: (i: number) => string, total: number, concurrency: number) {
  const before = cpuSeconds(roots);
  const own = process.cpuUsage();
  const run: Summary =
    concurrency === 1 ? summarize(await timeRequests(requestUrl, headers, total, 1)) : await loadRequests(requestUrl, headers, total, concurrency);
  const after = cpuSeconds(roots);
  const { user, system } = process.cpuUsage(own);
  const ms = (seconds: number) => ((seconds * 1000) / total).toFixed(2);
  return { run, server: ms(after.server - before.server), database: ms(after.database - before.database), client: ms((user + system) / 1e6) };
}

try {
  await timeRequests((i) => searchUrl(searches[i % searches.length][1]), headers, 300, 8); // warm-up
  console.log(`| form | search | p50 ms | server CPU ms | database CPU ms |\n|---|---|---|---|---|`);
  for (const [form, search] of searches) {
    const { run, server: serverMs, database } = await cpuPerRequest(() => searchUrl(search), perForm, 1);
    console.log(`| ${form} | \`${search}\` | ${run.p50.toFixed(1)} | ${serverMs} | ${database} |`);
    requireNoErrors(run.errors, perForm, form);
  }
  const all = await cpuPerRequest((i) => searchUrl(searches[i % searches.length][1]), requests, 8);
  console.log(
    `\nAll forms, ${requests} requests with 8 clients: ${all.run.rps.toFixed(0)} req/s, ${all.run.errors} errors; CPU ms per search: server ${all.server}, database ${all.database}, client ${all.client}.`,
  );
  requireNoErrors(all.run.errors, requests, "all forms");
} finally {
  await client.end();
  await server.stop();
}
