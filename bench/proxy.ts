/**
 * The universal proxy's cost to a visitor, in one run: the test shop (e2e/proxy/site, a page with two
 * stylesheets, three images and a script) served directly and through the proxy of a real server
 * (`npm start`'s), in rounds; within a round the loads take turns (one direct, one proxied, …), so that
 * a burst of work elsewhere on a shared machine falls on each alike.
 *   1. time to first byte of the page, and of one of its images (passed on, not rewritten): fetch,
 *      sequential, --requests per round;
 *   2. time to load in Chromium (navigation start to the load event, --loads per round), the page and
 *      every subresource; through the proxy that includes the visitor script the proxy adds. Cold (the
 *      browser's cache cleared before each load: a first visit) and warm (cache kept: a visitor moving
 *      on through the site), and where a cold load's time goes (resource timing, p50).
 *   3. the same page through a bare proxy (bench/bare-proxy-server.ts: a process of its own passing requests
 *      and answers on, nothing else), in the same turns: the floor any proxy pays on this machine, and how
 *      much Tandem's proxy adds above it.
 *
 *   npx tsx --conditions=react-server bench/proxy.ts [--rounds 3] [--requests 200] [--loads 20] [--warmup 1000] [--baseline <checkout>] [--page /todomvc/] [--by-name]
 *
 * Before anything is measured, each server is asked for each address of the page --warmup times (the page
 * and its subresources, one request after another): the loads then measure servers whose code V8 has
 * had the time to optimise, as that of a server that has been running for a while. `--warmup 0` measures
 * servers just started, still warming up while the loads run.
 * `--page` loads another page of the test site than the shop's: `/todomvc/` is TodoMVC's, a real app
 * (its stylesheet in the head, its scripts at the end of the body). `--by-name` names the site by a host name
 * (localhost) instead of its address, as a real site is named: the proxies look the name up.
 * `--baseline` proxies the same page through a second Tandem from another checkout too (other code, its
 * own production build, e.g. main's), in the same rounds: the ratios of both, measured side by side.
 * Needs a production build (`npm run build`) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { RunningServer } from "../e2e/support/server";
import { startTestSite } from "../e2e/proxy/support/test-site";
import { startBareProxy, type BareProxy } from "./bare-proxy";
import { BenchmarkFailure, expectOk } from "./fail-loudly";
import { percentile } from "./measure";
import { openProxySession } from "./proxy-session";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    requests: { type: "string", default: "200" },
    loads: { type: "string", default: "20" },
    page: { type: "string", default: "/" },
    "by-name": { type: "boolean", default: false },
    warmup: { type: "string", default: "1000" },
    baseline: { type: "string" },
  },
});
const ROUNDS = Number(values.rounds);
const REQUESTS = Number(values.requests);
const LOADS = Number(values.loads);
const WARMUP = Number(values.warmup);
const PAGE = values.page;
if (!PAGE.startsWith("/")) throw new BenchmarkFailure(`--page ${PAGE}: a path of the test site, starting with /`);

async function timeToFirstByte(url: string, cookie: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie, accept: "text/html" } });
    times.push(performance.now() - started); // fetch resolves once the status line and headers are in
    await expectOk(response, url);
    await response.arrayBuffer();
  }
  return times;
}

interface LoadTiming {
  /** Navigation start to the load event. */
  load: number;
  /** Each resource the page loaded, by the last part of its address: when it was asked for and when it was in. */
  resources: Map<string, { start: number; end: number }>;
  /** The page's own document and DOMContentLoaded, like a resource. */
  document: { start: number; end: number; domContentLoaded: number };
}

const REGISTRATION = "/collect/register";

/**
 * One load of `url` in `page`, from about:blank; `cold`: the browser's cache cleared first (a first visit),
 * else kept; `registers`: the page registers a visitor, waited for after the load event, so its timing is in.
 */
async function timeOneLoad(page: Page, url: string, { cold, registers }: { cold: boolean; registers: boolean }): Promise<LoadTiming> {
  await page.goto("about:blank");
  if (cold) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await cdp.detach();
  }
  const response = await page.goto(url, { waitUntil: "load" });
  if (!response || response.status() >= 400) throw new BenchmarkFailure(`loading ${url}: ${response?.status() ?? "no answer"}`);
  if (registers) {
    await page.waitForFunction(
      (path) =>
        performance.getEntriesByType("resource").some((entry) => new URL(entry.name).pathname === path && (entry as PerformanceResourceTiming).responseEnd > 0),
      REGISTRATION,
    );
  }
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const resources = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((entry) => ({
      name: new URL(entry.name).pathname.split("/").pop() || entry.name,
      start: entry.startTime,
      end: entry.responseEnd,
    }));
    return {
      load: navigation.loadEventStart,
      resources,
      document: { start: navigation.requestStart, end: navigation.responseEnd, domContentLoaded: navigation.domContentLoadedEventStart },
    };
  });
  return { ...timing, resources: new Map(timing.resources.map((resource) => [resource.name, resource])) };
}

/**
 * Asks each address of the page `page` shows (on its own origin: not the visitor script's service) WARMUP
 * times, one after another: a server answers the loads measured with its code compiled, as a server
 * that has been running answers, whichever of them it is.
 */
async function warmUp(page: Page, cookie: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const addresses = await page.evaluate(() => [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)]);
  // Not the favicon the browser asks for by itself: the test site has none.
  for (const address of addresses.filter((address) => new URL(address).origin === origin && !address.endsWith("/favicon.ico"))) {
    for (let i = 0; i < WARMUP; i++) await expectOk(await fetch(address, { headers: { cookie } }), address).then((response) => response.arrayBuffer());
  }
}

const p = (values: number[], q: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    q,
  );
const ms = (value: number) => value.toFixed(1);

/** A proxy session of a server from `cwd` on the test site, and a browser context holding its cookie. */
async function proxiedThrough(cwd: string, siteOrigin: string, browser: Browser) {
  const { server, url, cookie } = await openProxySession(cwd, `${siteOrigin}${PAGE}`);
  const context = await browser.newContext();
  await context.addCookies([{ name: "tandem_proxy", value: cookie.split("=")[1], url }]);
  return { server, served: { url, context, cookie } };
}

/** The test site's root as `pageUrl` (the address of PAGE, directly or on the proxy) reaches it. */
function siteRoot(pageUrl: string): string {
  if (!pageUrl.endsWith(PAGE)) throw new BenchmarkFailure(`${pageUrl} is not the address of ${PAGE}`);
  return pageUrl.slice(0, pageUrl.length - PAGE.length);
}

type Served = "direct" | "bare" | "proxied" | "baseline";
/** Tandem's proxies (this checkout's and the baseline's), which add the visitor script; not the direct page or the bare proxy. */
const isTandem = (name: Served) => name === "proxied" || name === "baseline";
const emptyFigures = () => ({ ttfb: [] as number[], image: [] as number[], load: [] as number[], warm: [] as number[], timings: [] as LoadTiming[] });

const load = os.loadavg()[0].toFixed(1);
const site = await startTestSite();
/** The site as the loads name it: by its address, or by a name the proxies look up. */
const siteOrigin = values["by-name"] ? site.outsideOrigin : site.origin;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const servers: RunningServer[] = [];
let bare: BareProxy | null = null;
try {
  bare = await startBareProxy(siteOrigin);
  const current = await proxiedThrough(process.cwd(), siteOrigin, browser);
  servers.push(current.server);
  const baseline = values.baseline ? await proxiedThrough(path.resolve(values.baseline), siteOrigin, browser) : null;
  if (baseline) servers.push(baseline.server);
  const directUrl = `${siteOrigin}${PAGE}`;
  const served: Partial<Record<Served, { url: string; context: BrowserContext; cookie: string }>> = {
    direct: { url: directUrl, context: await browser.newContext(), cookie: "" },
    bare: { url: `${bare.origin}${PAGE}`, context: await browser.newContext(), cookie: "" },
    proxied: current.served,
    ...(baseline && { baseline: baseline.served }),
  };
  const names = Object.keys(served) as Served[];
  const pages = {} as Record<Served, Page>;
  for (const name of names) {
    pages[name] = await served[name]!.context.newPage();
    // Warm each: the first loads compile and connect.
    await pages[name].goto(served[name]!.url, { waitUntil: "load" });
    await warmUp(pages[name], served[name]!.cookie);
  }

  const figures = Object.fromEntries(names.map((name) => [name, emptyFigures()])) as Record<Served, ReturnType<typeof emptyFigures>>;
  console.log(`\nLoad average ${load} at the start; ${ROUNDS} rounds of ${REQUESTS} requests and ${LOADS} loads each.`);
  if (baseline) console.log(`"proxied" is this checkout's proxy, "baseline" the proxy of ${values.baseline}, in the same rounds.`);
  console.log("Loads take turns, one of each in turn, so that a burst of work elsewhere on the machine falls on each alike.");
  console.log(
    "\n| round | served | page TTFB p50 ms | p95 ms | image TTFB p50 ms | p95 ms | load p50 ms | p95 ms | warm load p50 ms | p95 ms |\n|---|---|---|---|---|---|---|---|---|---|",
  );
  for (let round = 1; round <= ROUNDS; round++) {
    const roundFigures = Object.fromEntries(names.map((name) => [name, emptyFigures()])) as Record<Served, ReturnType<typeof emptyFigures>>;
    for (const name of names) {
      const { url, cookie } = served[name]!;
      roundFigures[name].ttfb = await timeToFirstByte(url, cookie);
      roundFigures[name].image = await timeToFirstByte(`${siteRoot(url)}/images/logo-1x.png`, cookie);
    }
    for (const cold of [true, false]) {
      for (let i = 0; i < LOADS; i++) {
        for (const name of names) {
          const timing = await timeOneLoad(pages[name], served[name]!.url, { cold, registers: cold && isTandem(name) });
          roundFigures[name][cold ? "load" : "warm"].push(timing.load);
          if (cold) roundFigures[name].timings.push(timing);
        }
      }
    }
    for (const name of names) {
      const { ttfb, image, load: loads, warm, timings } = roundFigures[name];
      Object.entries({ ttfb, image, load: loads, warm }).forEach(([what, values]) => figures[name][what as "ttfb"].push(...values));
      figures[name].timings.push(...timings);
      const row = [ttfb, image, loads, warm].flatMap((values) => [ms(p(values, 50)), ms(p(values, 95))]);
      console.log(`| ${round} | ${name} | ${row.join(" | ")} |`);
    }
  }
  for (const name of names.filter((name) => name !== "direct")) {
    const proxied = figures[name];
    const ratio = (what: "load" | "warm", q: number) => (p(proxied[what], q) / p(figures.direct[what], q)).toFixed(2);
    // The direct page is a file read in this process: its TTFB is a fraction of a millisecond, and a ratio to it says little.
    const added = (what: "ttfb" | "image", q: number) => {
      const difference = p(proxied[what], q) - p(figures.direct[what], q);
      return `${difference < 0 ? "−" : "+"}${ms(Math.abs(difference))}`;
    };
    console.log(`\n${name}, all rounds:`);
    console.log(`  page TTFB p50 ${ms(p(figures.direct.ttfb, 50))} → ${ms(p(proxied.ttfb, 50))} ms (${added("ttfb", 50)} ms), p95 ${added("ttfb", 95)} ms`);
    console.log(`  image TTFB p50 ${added("image", 50)} ms, p95 ${added("image", 95)} ms`);
    console.log(`  load p50 ${ms(p(figures.direct.load, 50))} → ${ms(p(proxied.load, 50))} ms (×${ratio("load", 50)}), p95 ×${ratio("load", 95)}`);
    console.log(`  warm load p50 ${ms(p(figures.direct.warm, 50))} → ${ms(p(proxied.warm, 50))} ms (×${ratio("warm", 50)}), p95 ×${ratio("warm", 95)}`);
    if (!isTandem(name)) continue;
    const aboveBare = (what: "load" | "warm") => (p(proxied[what], 50) / p(figures.bare[what], 50)).toFixed(2);
    console.log(`  against the bare proxy: load p50 ×${aboveBare("load")}, warm ×${aboveBare("warm")}`);
    const registered = proxied.timings.map((timing) => timing.resources.get(REGISTRATION.split("/").pop()!)!.end);
    console.log(`  proxied visitor registered (its registration answered) p50 ${ms(p(registered, 50))} ms, p95 ${ms(p(registered, 95))} ms`);
  }
  console.log(`Target: load ≤ ×1.2 on loopback; "bare" is the floor any proxy pays here.`);

  // Where a cold load's time goes: p50 over every load of when each resource was asked for and was in.
  for (const name of names) {
    const timings = figures[name].timings;
    const median = (pick: (timing: LoadTiming) => number | undefined) => {
      const values = timings.map(pick).filter((value): value is number => value !== undefined);
      return values.length ? ms(p(values, 50)) : "–";
    };
    const resources = [...new Set(timings.flatMap((timing) => [...timing.resources.keys()]))].sort(
      (a, b) => Number(median((t) => t.resources.get(a)?.start)) - Number(median((t) => t.resources.get(b)?.start)),
    );
    console.log(`\n| ${name}, cold load, p50 ms from navigation start | asked | in |\n|---|---|---|`);
    console.log(`| document | ${median((t) => t.document.start)} | ${median((t) => t.document.end)} |`);
    for (const resource of resources)
      console.log(`| ${resource} | ${median((t) => t.resources.get(resource)?.start)} | ${median((t) => t.resources.get(resource)?.end)} |`);
    console.log(`| DOMContentLoaded | ${median((t) => t.document.domContentLoaded)} | |\n| load event | ${median((t) => t.load)} | |`);
  }
} finally {
  await browser.close();
  await Promise.all([site.close(), bare?.close(), ...servers.map((server) => server.stop())]);
}
