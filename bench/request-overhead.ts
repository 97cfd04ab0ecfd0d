/**
 * What one request costs through Next's request handler and through Tandem's direct routes, in one run
 * on one server: two handlers that do next to nothing, `GET /healthz` (served by Next) and the live
 * batch route's CORS preflight `OPTIONS /collect/live/events` (served directly).
 *
 *   npx tsx bench/request-overhead.ts [--seconds 8] [--connections 16] [--rounds 2]
 *
 * Needs a production build (`npm run build`). autocannon shares the machine with the server.
 */
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startBenchServer } from "./live-support";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "8" }, connections: { type: "string", default: "16" }, rounds: { type: "string", default: "2" } },
});

const bench = await startBenchServer();
const routes = [
  { name: "Next: GET /healthz", method: "GET" as const, path: "/healthz" },
  { name: "direct: OPTIONS /collect/live/events", method: "OPTIONS" as const, path: "/collect/live/events" },
];
const best = new Map<string, number>();
try {
  console.log("| round | route | req/s | p50 ms | p99 ms | errors or non-2xx |\n|---|---|---|---|---|---|");
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const route of routes) {
      const result = await autocannon({
        url: bench.server.url + route.path,
        method: route.method,
        connections: Number(values.connections),
        duration: Number(values.seconds),
      });
      best.set(route.name, Math.max(best.get(route.name) ?? 0, result.requests.average));
      console.log(
        `| ${round} | ${route.name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.non2xx} |`,
      );
    }
  }
  const [next, direct] = routes.map((route) => best.get(route.name)!);
  console.log(`Best rounds: direct ${direct.toFixed(0)} req/s, Next ${next.toFixed(0)} req/s: ×${(direct / next).toFixed(1)}.`);
} finally {
  await bench.stop();
}
process.exit(0);
