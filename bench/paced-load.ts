import http from "node:http";
import { percentile } from "./measure";

export interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedResult {
  /** Requests per second asked for, and answered. */
  asked: number;
  answered: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 200, dropped connections, and requests unanswered after 10 s. */
  errors: number;
}

/**
 * An open-loop load, as many independent browsers make: request i is due at i / rate seconds, whatever
 * the server's answers (no client waits for another's). Latency counts from the moment a request was due,
 * so a server that falls behind shows it (no coordinated omission). Requests go out on up to 512 kept-alive
 * connections; one unanswered after 10 s counts as an error.
 */
export async function pacedLoad(url: string, rate: number, seconds: number, next: (index: number) => PacedRequest): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let open = 0;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const send = (index: number) => {
      const due = start + (index / rate) * 1000;
      const request = next(index);
      open++;
      const finish = (ok: boolean) => {
        open--;
        if (ok) latencies.push(performance.now() - due);
        else errors++;
        if (sent === total && open === 0) resolve();
      };
      const req = http.request(
        { host: target.hostname, port: target.port, agent, method: request.method, path: request.path, headers: request.headers },
        (res) => {
          res.resume();
          res.on("end", () => finish(res.statusCode === 200));
          res.on("error", () => finish(false));
        },
      );
      req.on("error", () => finish(false));
      req.setTimeout(10_000, () => req.destroy()); // counted as an error
      req.end(request.body);
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
      while (sent < due) send(sent++);
      if (sent < total) setTimeout(tick, 2);
    };
    tick();
  });
  agent.destroy();
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    asked: rate,
    answered: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}
