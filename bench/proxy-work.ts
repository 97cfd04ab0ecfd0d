/**
 * The universal proxy's own work per request, without a browser: each kind of the test shop's answers
 * (e2e/proxy/site: the page, rewritten with the runtime put in; a stylesheet, rewritten; a script and an
 * image, passed on as they came) asked --requests times in a row on one kept-alive connection, directly
 * and through the proxy of a real server (`npm start`'s). Printed: the time to each answer's end (p50)
 * and the server's CPU per request (its process tree, from /proc), which a busy shared machine moves far
 * less than times. The same through a bare proxy (bench/bare-proxy-server.ts: requests and answers passed
 * on, nothing else, in a process of its own), the floor of any proxy's work. `--baseline <checkout>`
 * measures a second checkout's proxy (its own build) too.
 *
 *   npx tsx --conditions=react-server bench/proxy-work.ts [--requests 2000] [--warmup 1000] [--baseline <checkout>] [--by-name]
 *
 * `--warmup` requests of each kind go to each proxy first, unmeasured: a running server's code is optimised.
 * `--by-name` names the site by a host name (localhost) instead of its address, as a real site is named:
 * the proxies look the name up.
 *
 * Needs a production build (`npm run build`).
 */
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startTestSite } from "../e2e/proxy/support/test-site";
import { startBareProxy, type BareProxy } from "./bare-proxy";
import { BenchmarkFailure, requireFinite, requireSamples } from "./fail-loudly";
import { percentile } from "./measure";
import { cpuSeconds } from "./process-cpu";
import { openProxySession, type OpenedProxySession } from "./proxy-session";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "2000" },
    warmup: { type: "string", default: "1000" },
    baseline: { type: "string" },
    "by-name": { type: "boolean", default: false },
  },
});
const REQUESTS = Number(values.requests);
const WARMUP = Number(values.warmup);

/** What each kind is asked for, and with what a browser would ask. */
const KINDS = {
  page: { path: "", destination: "document", accept: "text/html" },
  stylesheet: { path: "styles/site.css", destination: "style", accept: "text/css" },
  script: { path: "scripts/app.js", destination: "script", accept: "*/*" },
  image: { path: "images/logo-1x.png", destination: "image", accept: "image/*" },
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Milliseconds from the request to its answer's end. */
function timeAnswer(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode! < 300 ? resolve(performance.now() - started) : reject(new BenchmarkFailure(`${url}: answered ${res.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}

const p50 = (values: number[]) =>
  percentile(
    [...requireSamples(values, "answers")].sort((a, b) => a - b),
    50,
  );

const load = os.loadavg()[0].toFixed(1);
const site = await startTestSite();
/** The site as the requests name it: by its address, or by a name the proxies look up. */
const siteOrigin = values["by-name"] ? site.outsideOrigin : site.origin;
const sessions: OpenedProxySession[] = [];
let bare: BareProxy | null = null;
try {
  bare = await startBareProxy(siteOrigin);
  sessions.push(await openProxySession(process.cwd(), `${siteOrigin}/`));
  if (values.baseline) sessions.push(await openProxySession(path.resolve(values.baseline), `${siteOrigin}/`));
  /** What each request goes through: the bare proxy, then Tandem's. */
  const proxies = [
    { name: "bare proxy", url: `${bare.origin}/`, cookie: null, pid: bare.pid },
    ...sessions.map((session, i) => ({
      name: i === 0 ? "this checkout" : values.baseline!,
      url: session.url,
      cookie: session.cookie,
      pid: session.server.pid,
    })),
  ];
  console.log(`\nLoad average ${load} at the start; ${REQUESTS} requests of each kind, one after another, to ${siteOrigin}.\n`);
  console.log(
    `| answer | direct p50 ms | ${proxies.map((proxy) => `${proxy.name}: p50 ms | added ms | server CPU ms/request`).join(" | ")} |\n|---|---|${proxies.map(() => "---|---|---|").join("")}`,
  );
  for (const [kind, { path: file, destination, accept }] of Object.entries(KINDS)) {
    const direct: number[] = [];
    for (let i = 0; i < REQUESTS; i++) direct.push(await timeAnswer(`${siteOrigin}/${file}`, { accept, "sec-fetch-dest": destination }));
    const cells = [p50(direct).toFixed(2)];
    for (const proxy of proxies) {
      const headers = { ...(proxy.cookie && { cookie: proxy.cookie }), accept, "sec-fetch-dest": destination, referer: proxy.url };
      for (let i = 0; i < WARMUP; i++) await timeAnswer(`${proxy.url}${file}`, headers);
      const before = cpuSeconds({ server: [proxy.pid] }).server;
      const proxied: number[] = [];
      for (let i = 0; i < REQUESTS; i++) proxied.push(await timeAnswer(`${proxy.url}${file}`, headers));
      const cpuMs = ((cpuSeconds({ server: [proxy.pid] }).server - before) * 1000) / REQUESTS;
      const figures = requireFinite({ p50: p50(proxied), added: p50(proxied) - p50(direct), cpuMs }, `${kind} through ${proxy.name}`);
      cells.push(figures.p50.toFixed(2), figures.added.toFixed(2), figures.cpuMs.toFixed(3));
    }
    console.log(`| ${kind} | ${cells.join(" | ")} |`);
  }
} finally {
  agent.destroy();
  await Promise.all([site.close(), bare?.close(), ...sessions.map((session) => session.server.stop())]);
}
