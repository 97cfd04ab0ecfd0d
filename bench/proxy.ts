/**
 * The universal proxy's cost to a visitor, in one run: the test shop (e2e/proxy/site, a page with two
 * stylesheets, three images and a script) served directly and through the proxy of a real server
 * (`npm start`'s), in alternating rounds.
 *   1. time to first byte of the page, and of one of its images (passed on, not rewritten): fetch,
 *      sequential, --requests per round;
 *   2. time to load in Chromium (navigation start to the load event, --loads per round), the page and
 *      every subresource; through the proxy that includes the visitor script the proxy adds.
 *
 *   npx tsx --conditions=react-server bench/proxy.ts [--rounds 3] [--requests 200] [--loads 20]
 *
 * Needs a production build (`npm run build`) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { chromium, type BrowserContext } from "@playwright/test";
import { apiClient, embeddedApiKey, setTeam } from "../e2e/support/api";
import { startServer } from "../e2e/support/server";
import { startTestSite } from "../e2e/proxy/support/test-site";
import { percentile } from "./measure";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "3" }, requests: { type: "string", default: "200" }, loads: { type: "string", default: "20" } },
});
const ROUNDS = Number(values.rounds);
const REQUESTS = Number(values.requests);
const LOADS = Number(values.loads);

async function timeToFirstByte(url: string, cookie: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie, accept: "text/html" } });
    times.push(performance.now() - started); // fetch resolves once the status line and headers are in
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
  }
  return times;
}

async function timeToLoad(context: BrowserContext, url: string): Promise<number[]> {
  const page = await context.newPage();
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    // A fresh load each time: the browser's cache would hide the proxy's work.
    await page.goto("about:blank");
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await cdp.detach();
    await page.goto(url, { waitUntil: "load" });
    times.push(await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart));
  }
  await page.close();
  return times;
}

const p = (values: number[], q: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    q,
  );
const ms = (value: number) => value.toFixed(1);

const load = os.loadavg()[0].toFixed(1);
const server = await startServer({ env: { TANDEM_DEMO_SEED: "0" } });
const site = await startTestSite();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const api = await apiClient(server.url, embeddedApiKey(server.dataDir));
  await setTeam(api, { proxy_enabled: true });
  const link = (await (await api.post("/v1.3/proxy_sessions", { data: { initial_url: `${site.origin}/`, allowed_domains: ["127.0.0.1"] } })).json()).proxy_url;
  const opened = await fetch(link, { redirect: "manual" });
  const cookie = opened.headers.get("set-cookie")!.split(";")[0];
  const proxiedUrl = `${server.proxyUrl}${opened.headers.get("location")}`;
  const directUrl = `${site.origin}/`;

  const direct = await browser.newContext();
  const proxied = await browser.newContext();
  await proxied.addCookies([{ name: "tandem_proxy", value: cookie.split("=")[1], url: proxiedUrl }]);
  // Warm both: the first loads compile and connect.
  await timeToLoad(direct, directUrl);
  await timeToLoad(proxied, proxiedUrl);

  const figures = {
    direct: { ttfb: [] as number[], image: [] as number[], load: [] as number[] },
    proxied: { ttfb: [] as number[], image: [] as number[], load: [] as number[] },
  };
  console.log(`\nLoad average ${load} at the start; ${ROUNDS} rounds of ${REQUESTS} requests and ${LOADS} loads each.\n`);
  console.log("| round | served | page TTFB p50 ms | p95 ms | image TTFB p50 ms | p95 ms | load p50 ms | p95 ms |\n|---|---|---|---|---|---|---|---|");
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, url, context, headers] of [
      ["direct", directUrl, direct, ""],
      ["proxied", proxiedUrl, proxied, cookie],
    ] as const) {
      const ttfb = await timeToFirstByte(url, headers);
      const image = await timeToFirstByte(`${url}images/logo-1x.png`, headers);
      const loads = await timeToLoad(context, url);
      figures[name].ttfb.push(...ttfb);
      figures[name].image.push(...image);
      figures[name].load.push(...loads);
      console.log(
        `| ${round} | ${name} | ${ms(p(ttfb, 50))} | ${ms(p(ttfb, 95))} | ${ms(p(image, 50))} | ${ms(p(image, 95))} | ${ms(p(loads, 50))} | ${ms(p(loads, 95))} |`,
      );
    }
  }
  const ratio = (what: "ttfb" | "image" | "load", q: number) => (p(figures.proxied[what], q) / p(figures.direct[what], q)).toFixed(2);
  console.log(
    `\nAll rounds: TTFB p50 ${ms(p(figures.direct.ttfb, 50))} → ${ms(p(figures.proxied.ttfb, 50))} ms (×${ratio("ttfb", 50)}), p95 ×${ratio("ttfb", 95)}`,
  );
  console.log(
    `            load p50 ${ms(p(figures.direct.load, 50))} → ${ms(p(figures.proxied.load, 50))} ms (×${ratio("load", 50)}), p95 ×${ratio("load", 95)}`,
  );
  console.log(`Target: ≤ ×1.5 on loopback.`);
  await api.dispose();
} finally {
  await browser.close();
  await site.close();
  await server.stop();
}
