/**
 * What one request costs through Next's request handler and through the service's Hono app, in one run
 * on one server: two handlers that do next to nothing, a console route handler's answer to an anonymous
 * caller (`GET /api/console/me`, 401, through Next) and the liveness check (`GET /healthz`, the service).
 *
 *   npx tsx bench/request-overhead.ts [--seconds 8] [--connections 16] [--rounds 2]
 *
 * Needs a production build (`npm run build`). autocannon shares the machine with the server.
 */
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { requireNoErrors, requirePositive } from "./fail-loudly";
import { startBenchServer } from "./live-support";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "8" }, connections: { type: "string", default: "16" }, rounds: { type: "string", default: "2" } },
});

const bench = await startBenchServer();
const routes = [
  { name: "Next: GET /api/console/me (anonymous, 401)", method: "GET" as const, path: "/api/console/me", status: 401 },
  { name: "service (Hono): GET /healthz", method: "GET" as const, path: "/healthz", status: 200 },
];
const best = new Map<string, number>();
try {
  console.log("| round | route | req/s | p50 ms | p99 ms | errors or other answers |\n|---|---|---|---|---|---|");
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const route of routes) {
      const result = await autocannon({
        url: bench.server.url + route.path,
        method: route.method,
        connections: Number(values.connections),
        duration: Number(values.seconds),
      });
      best.set(route.name, Math.max(best.get(route.name) ?? 0, result.requests.average));
      const failed = result.errors + result.requests.total - (result.statusCodeStats[route.status]?.count ?? 0);
      console.log(`| ${round} | ${route.name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${failed} |`);
      requireNoErrors(failed, result.requests.total, `${route.name}, answered other than ${route.status}`);
      requirePositive({ requests: result.requests.total }, route.name);
    }
  }
  const [next, service] = routes.map((route) => best.get(route.name)!);
  console.log(`Best rounds: the service ${service.toFixed(0)} req/s, Next ${next.toFixed(0)} req/s: ×${(service / next).toFixed(1)}.`);
} finally {
  await bench.stop();
}
process.exit(0);
