/**
 * What the console adds to an API call: a server action (caller check, zod, audit row, typed client)
 * against the same API call made directly, alternating the two so both see the same machine.
 *
 *   npx tsx --conditions=react-server bench/console-overhead.ts [--requests 300] [--warmup 1000] [--baseline <checkout>]
 *
 * Each server first answers --warmup rounds of the calls, unmeasured: the calls measured then run on code
 * V8 has had the time to optimise, as on a server that has been running for a while. With 30 rounds (as
 * before) they measure a server still warming up: about a millisecond more overhead (docs/benchmarks.md).
 * `--baseline` runs a second Tandem from another checkout (other code, its own production build, e.g. the
 * main branch exported apart) and alternates the calls between both servers: before and after, measured
 * in one run on the same machine. NEXT_DIST_DIR names the build folder in both.
 *
 * Needs a production build (`npm run build`). The pair measured: the console's "Create proxy session
 * link" action and POST /v1.3/proxy_sessions, the same work on the service's side. The action is posted
 * where the browser posts it, to the visitor page that holds its form; posted to another page (as this
 * benchmark once did, to /visitors), Next forwards it to that page with a second HTTP request, measured
 * apart as what it costs.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { embeddedApiKey } from "../e2e/support/api";
import { NO_RATE_LIMITS, startServer } from "../e2e/support/server";
import { signIn } from "./console-session";
import { fetchJson, fetchOk } from "./fail-loudly";
import { percentile } from "./measure";

const { values } = parseArgs({
  options: { requests: { type: "string", default: "300" }, warmup: { type: "string", default: "1000" }, baseline: { type: "string" } },
});
const requests = Number(values.requests);
const warmup = Number(values.warmup);

/** The id Next gave a server action, from the manifest of the build in `root`. */
function actionId(root: string, filename: string, exportedName: string): { id: string; page: string } {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const manifest = JSON.parse(fs.readFileSync(path.join(root, distDir, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename: string; exportedName: string; workers: Record<string, unknown> }>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.filename === filename && entry.exportedName === exportedName);
  if (!found) throw new Error(`no server action ${exportedName} in ${filename}`);
  return { id: found[0], page: Object.keys(found[1].workers)[0] };
}

const input = { initialUrl: "https://shop.example.com/", allowedDomains: "shop.example.com", retryUrl: "" };

/** One Tandem with the proxy enabled and an agent signed in, and the calls measured against it. */
async function prepare(cwd: string) {
  const server = await startServer({ cwd, env: { TANDEM_DEMO_SEED: "1", ...NO_RATE_LIMITS } });
  const apiHeaders = { "x-api-key": embeddedApiKey(server.dataDir), "content-type": "application/json" };
  await fetchOk(`${server.url}/service-admin/team`, { method: "PATCH", headers: apiHeaders, body: JSON.stringify({ proxy_enabled: true }) });
  const cookie = await signIn(server.url, server.dataDir, "agent");
  const action = actionId(cwd, "lib/console/visitors/actions.ts", "createProxyLink");

  const direct = async () => {
    const response = await fetch(`${server.url}/v1.3/proxy_sessions`, {
      method: "POST",
      headers: apiHeaders,
      body: JSON.stringify({ initial_url: input.initialUrl, allowed_domains: [input.allowedDomains] }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`direct call: ${response.status} ${text}`);
  };
  const list = await fetchJson<{ visitors: { short_id: string }[] }>(`${server.url}/v1.3/list?max_results=1`, { headers: apiHeaders });
  const visitorPage = `/visitors/${list.visitors[0].short_id}`;
  const postAction = async (pagePath: string) => {
    const response = await fetch(`${server.url}${pagePath}`, {
      method: "POST",
      // What a browser sends with an action (Next's client adds its router state, here not needed).
      headers: {
        "next-action": action.id,
        accept: "text/x-component",
        "content-type": "text/plain;charset=UTF-8",
        "accept-encoding": "gzip, deflate, br",
        cookie,
      },
      body: JSON.stringify([input]),
    });
    const text = await response.text();
    if (!response.ok || !text.includes("proxyUrl")) throw new Error(`server action: ${response.status} ${text.slice(0, 300)}`);
  };
  return { server, direct, viaConsole: () => postAction(visitorPage), forwarded: () => postAction("/visitors") };
}

const time = async (call: () => Promise<void>) => {
  const started = performance.now();
  await call();
  return performance.now() - started;
};
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};
const cell = (values: number[]) => {
  const { p50, p95 } = stats(values);
  return `${p50.toFixed(1)} / ${p95.toFixed(1)}`;
};
/** The action's figures less the direct call's, as in the runs before: p50 − p50, p95 − p95. */
const overhead = (action: number[], direct: number[]) => {
  const a = stats(action);
  const d = stats(direct);
  return `${(a.p50 - d.p50).toFixed(1)} / ${(a.p95 - d.p95).toFixed(1)}`;
};

const current = await prepare(process.cwd());
const baseline = values.baseline ? await prepare(path.resolve(values.baseline)) : null;
try {
  for (let i = 0; i < warmup; i++) {
    await Promise.all([current.direct(), current.viaConsole(), current.forwarded()]); // warm-up
    if (baseline) await Promise.all([baseline.direct(), baseline.viaConsole()]);
  }
  const directMs: number[] = [];
  const actionMs: number[] = [];
  const forwardedMs: number[] = [];
  const baseDirectMs: number[] = [];
  const baseActionMs: number[] = [];
  for (let i = 0; i < requests; i++) {
    if (baseline) {
      baseDirectMs.push(await time(baseline.direct));
      baseActionMs.push(await time(baseline.viaConsole));
    }
    directMs.push(await time(current.direct));
    actionMs.push(await time(current.viaConsole));
    if (!baseline) forwardedMs.push(await time(current.forwarded));
  }
  if (baseline) {
    console.log(`\n${requests} rounds, the two servers in turn, each call one at a time (p50 / p95 ms)`);
    console.log(`| path | baseline (${values.baseline}) | this checkout |\n|---|---|---|`);
    console.log(`| POST /v1.3/proxy_sessions (direct) | ${cell(baseDirectMs)} | ${cell(directMs)} |`);
    console.log(`| server action createProxyLink, posted to its page | ${cell(baseActionMs)} | ${cell(actionMs)} |`);
    console.log(`| overhead (action − direct) | ${overhead(baseActionMs, baseDirectMs)} | ${overhead(actionMs, directMs)} |`);
  } else {
    const d = stats(directMs);
    const a = stats(actionMs);
    const f = stats(forwardedMs);
    console.log(`\n${requests} rounds of the three calls in turn, one at a time`);
    console.log("| path | p50 ms | p95 ms |\n|---|---|---|");
    console.log(`| POST /v1.3/proxy_sessions (direct) | ${d.p50.toFixed(1)} | ${d.p95.toFixed(1)} |`);
    console.log(`| server action createProxyLink, posted to its page | ${a.p50.toFixed(1)} | ${a.p95.toFixed(1)} |`);
    console.log(`| the same action posted to /visitors (forwarded by Next) | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} |`);
    console.log(`| overhead (action − direct) | ${(a.p50 - d.p50).toFixed(1)} | ${(a.p95 - d.p95).toFixed(1)} |`);
    console.log(`| forwarding (forwarded − action) | ${(f.p50 - a.p50).toFixed(1)} | ${(f.p95 - a.p95).toFixed(1)} |`);
  }
} finally {
  await Promise.all([current.server.stop(), baseline?.server.stop()]);
}
