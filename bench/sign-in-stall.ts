/**
 * Whether sign-in attempts stall everything else the server does: `/healthz`'s latency, asked one
 * request at a time, while idle and while 20 sign-ins with different emails run at once (each checks a
 * password: a bcrypt of cost 11).
 *
 *   npx tsx --conditions=react-server bench/sign-in-stall.ts [--attempts 20] [--rounds 3]
 *
 * Needs a production build (`npm run build`); run from the checkout whose build it measures.
 */
import { parseArgs } from "node:util";
import { startServer } from "../e2e/support/server";
import { BenchmarkFailure, fetchOk } from "./fail-loudly";
import { percentile } from "./measure";

const { values } = parseArgs({ options: { attempts: { type: "string", default: "20" }, rounds: { type: "string", default: "3" } } });
const attempts = Number(values.attempts);

async function probe(url: string, until: () => boolean, minimum = 0): Promise<number[]> {
  const latencies: number[] = [];
  while (!until() || latencies.length < minimum) {
    const t0 = performance.now();
    await (await fetchOk(`${url}/healthz`)).arrayBuffer();
    latencies.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies.sort((a, b) => a - b);
}

/** One sign-in as the sign-in form sends it, through next-auth's credentials endpoint. */
async function signInAttempt(url: string, csrf: { token: string; cookie: string }, email: string): Promise<number> {
  const response = await fetch(`${url}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.cookie },
    body: new URLSearchParams({ email, password: "not-the-password", csrfToken: csrf.token, json: "true" }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

const round = (value: number) => Math.round(value * 10) / 10;
const server = await startServer({ env: { TANDEM_DEMO_SEED: "0", SIGN_IN_FAILURES_PER_ADDRESS: "100000" } });
try {
  const csrfResponse = await fetchOk(`${server.url}/api/auth/csrf`);
  const csrf = { token: ((await csrfResponse.json()) as { csrfToken: string }).csrfToken, cookie: csrfResponse.headers.getSetCookie().join("; ") };
  for (let i = 0; i < Number(values.rounds); i++) {
    const idle = await probe(server.url, () => true, 40);
    let done = false;
    const started = performance.now();
    const signIns = Promise.all(Array.from({ length: attempts }, (_, n) => signInAttempt(server.url, csrf, `someone-${i}-${n}@example.test`))).finally(() => {
      done = true;
    });
    const busy = await probe(server.url, () => done);
    const statuses = await signIns;
    const seconds = (performance.now() - started) / 1000;
    // Wrong passwords are refused; a server error means the attempts were not what was measured.
    const broken = statuses.filter((status) => status >= 500);
    if (broken.length) throw new BenchmarkFailure(`${broken.length} sign-in attempts answered ${broken[0]}`);
    console.log(
      JSON.stringify({
        round: i + 1,
        idle: { p50: round(percentile(idle, 50)), max: round(idle.at(-1)!) },
        during: { p50: round(percentile(busy, 50)), max: round(busy.at(-1)!), probes: busy.length },
        signIns: { count: attempts, seconds: round(seconds), statuses: [...new Set(statuses)] },
      }),
    );
  }
} finally {
  await server.stop();
}
