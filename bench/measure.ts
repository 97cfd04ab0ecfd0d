import autocannon from "autocannon";
import { requireSamples } from "./fail-loudly";

export interface Run {
  latencies: number[];
  errors: number;
  seconds: number;
}

export interface Summary {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
}

/** Sends `total` GETs, `concurrency` at a time, and records each one's latency in milliseconds. */
export async function timeRequests(url: (i: number) => string, headers: Record<string, string>, total: number, concurrency: number): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        try {
          const response = await fetch(url(i), { headers });
          await response.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (!response.ok && response.status !== 404) errors++;
        } catch {
          errors++; // a dropped connection is a failed request, not the end of the run
        }
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

/** The p-th percentile of `sorted` (ascending); the benchmark fails when it holds no samples. */
export function percentile(sorted: number[], p: number): number {
  requireSamples(sorted, "a percentile's values");
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function summarize(run: Run): Summary {
  const sorted = [...requireSamples(run.latencies, "request latencies")].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), rps: run.latencies.length / run.seconds, errors: run.errors };
}

/**
 * Throughput: `total` GETs from `concurrency` connections, each sending its next as soon as its last is
 * answered (autocannon: a load generator far lighter than fetch, which on these two cores would take a
 * share of the CPU the server and the database are measured by). `url(i)` is the i-th request's URL.
 */
export async function loadRequests(url: (i: number) => string, headers: Record<string, string>, total: number, concurrency: number): Promise<Summary> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const origin = new URL(url(0)).origin;
  const pathOf = (i: number) => {
    const { pathname, search } = new URL(url(i));
    return pathname + search;
  };
  const started = performance.now();
  let last = started;
  const result = await autocannon({
    url: origin,
    connections: concurrency,
    amount: total,
    requests: [{ setupRequest: (request) => ({ ...request, method: "GET", path: pathOf(next++), headers }) }],
    setupClient: (client) =>
      client.on("response", (status: number, _bytes: number, ms: number) => {
        last = performance.now();
        latencies.push(ms);
        if (status >= 400 && status !== 404) errors++;
      }),
  });
  // To the last answer: autocannon itself ends on its next one-second tick.
  const seconds = (last - started) / 1000;
  return summarize({ latencies, errors: errors + result.errors + result.timeouts, seconds });
}
