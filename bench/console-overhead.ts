/**
 * What the console adds to an API call: a server action (caller check, zod, audit row, typed client)
 * against the same API call made directly, alternating the two so both see the same machine.
 *
 *   npx tsx --conditions=react-server bench/console-overhead.ts [--requests 300]
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
import { percentile } from "./measure";

const { values } = parseArgs({ options: { requests: { type: "string", default: "300" } } });
const requests = Number(values.requests);

/** The id Next gave a server action, from the build's manifest. */
function actionId(filename: string, exportedName: string): { id: string; page: string } {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename: string; exportedName: string; workers: Record<string, unknown> }>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.filename === filename && entry.exportedName === exportedName);
  if (!found) throw new Error(`no server action ${exportedName} in ${filename}`);
  return { id: found[0], page: Object.keys(found[1].workers)[0] };
}

const server = await startServer({ env: { TANDEM_DEMO_SEED: "1", ...NO_RATE_LIMITS } });
try {
  const apiHeaders = { "x-api-key": embeddedApiKey(server.dataDir), "content-type": "application/json" };
  const enabled = await fetch(`${server.url}/service-admin/team`, { method: "PATCH", headers: apiHeaders, body: JSON.stringify({ proxy_enabled: true }) });
  if (!enabled.ok) throw new Error(`could not enable the proxy: ${enabled.status}`);
  const cookie = await signIn(server.url, server.dataDir, "agent");
  const action = actionId("lib/console/visitors/actions.ts", "createProxyLinkAction");
  const input = { initialUrl: "https://shop.example.com/", allowedDomains: "shop.example.com", retryUrl: "" };

  const direct = async () => {
    const response = await fetch(`${server.url}/v1.3/proxy_sessions`, {
      method: "POST",
      headers: apiHeaders,
      body: JSON.stringify({ initial_url: input.initialUrl, allowed_domains: [input.allowedDomains] }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`direct call: ${response.status} ${text}`);
  };
  const list = (await (await fetch(`${server.url}/v1.3/list?max_results=1`, { headers: apiHeaders })).json()) as { visitors: { short_id: string }[] };
  const visitorPage = `/visitors/${list.visitors[0].short_id}`;
  const postAction = async (pagePath: string) => {
    const response = await fetch(`${server.url}${pagePath}`, {
      method: "POST",
      headers: { "next-action": action.id, accept: "text/x-component", "content-type": "text/plain;charset=UTF-8", cookie },
      body: JSON.stringify([input]),
    });
    const text = await response.text();
    if (!response.ok || !text.includes("proxyUrl")) throw new Error(`server action: ${response.status} ${text.slice(0, 300)}`);
  };
  const viaConsole = () => postAction(visitorPage);
  const forwarded = () => postAction("/visitors");
  const time = async (call: () => Promise<void>) => {
    const started = performance.now();
    await call();
    return performance.now() - started;
  };

  for (let i = 0; i < 30; i++) await Promise.all([direct(), viaConsole(), forwarded()]); // warm-up
  const directMs: number[] = [];
  const actionMs: number[] = [];
  const forwardedMs: number[] = [];
  for (let i = 0; i < requests; i++) {
    directMs.push(await time(direct));
    actionMs.push(await time(viaConsole));
    forwardedMs.push(await time(forwarded));
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  const d = stats(directMs);
  const a = stats(actionMs);
  const f = stats(forwardedMs);
  console.log(`\n${requests} rounds of the three calls in turn, one at a time`);
  console.log("| path | p50 ms | p95 ms |\n|---|---|---|");
  console.log(`| POST /v1.3/proxy_sessions (direct) | ${d.p50.toFixed(1)} | ${d.p95.toFixed(1)} |`);
  console.log(`| server action createProxyLinkAction, posted to its page | ${a.p50.toFixed(1)} | ${a.p95.toFixed(1)} |`);
  console.log(`| the same action posted to /visitors (forwarded by Next) | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} |`);
  console.log(`| overhead (action − direct) | ${(a.p50 - d.p50).toFixed(1)} | ${(a.p95 - d.p95).toFixed(1)} |`);
  console.log(`| forwarding (forwarded − action) | ${(f.p50 - a.p50).toFixed(1)} | ${(f.p95 - a.p95).toFixed(1)} |`);
} finally {
  await server.stop();
}
