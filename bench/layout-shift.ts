/**
 * Cumulative layout shift of console pages on first load, in Chromium, as web-vitals counts it: the
 * largest session window of layout shifts (gaps under 1 s, windows up to 5 s), shifts right after
 * input left out. A fresh browser context per load (nothing cached), signed in as an admin, on Lighthouse's
 * mobile conditions (150 ms round trips, 1.6 Mbit/s, a CPU 4 times slower).
 *
 *   npx tsx --conditions=react-server bench/layout-shift.ts [--routes /settings,/usage] [--runs 5]
 *
 * Needs a production build (`npm run build`) and Debian's chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { startServer } from "../e2e/support/server";
import { signIn } from "./console-session";
import { BenchmarkFailure } from "./fail-loudly";

const { values } = parseArgs({
  options: { routes: { type: "string", default: "/settings,/usage" }, runs: { type: "string", default: "5" }, sources: { type: "boolean", default: false } },
});
const routes = values.routes.split(",");
const runs = Number(values.runs);
const BUDGET = 0.1;

// Runs in the page before its own scripts: records every layout shift with its time.
const observeShifts = () => {
  const shifts: Array<{ value: number; time: number; input: boolean; moved: string[] }> = [];
  (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
  const describe = (node: Node | null) => {
    const element = node instanceof Element ? node : node?.parentElement;
    if (!element) return "?";
    const label = element.closest("[aria-labelledby],[aria-label]");
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} in ${label?.getAttribute("aria-labelledby") ?? label?.getAttribute("aria-label") ?? "page"}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node: Node | null }> }>)
      shifts.push({
        value: entry.value,
        time: entry.startTime,
        input: entry.hadRecentInput,
        moved: (entry.sources ?? []).map((source) => describe(source.node)),
      });
  }).observe({ type: "layout-shift", buffered: true });
};

type Shift = { value: number; time: number; input: boolean; moved: string[] };

function cls(shifts: Shift[]): number {
  let worst = 0;
  let window = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of shifts.filter((s) => !s.input)) {
    if (shift.time - last > 1000 || shift.time - first > 5000) {
      window = 0;
      first = shift.time;
    }
    window += shift.value;
    last = shift.time;
    worst = Math.max(worst, window);
  }
  return worst;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const server = await startServer({ env: { TANDEM_DEMO_SEED: "1" } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const cookieHeader = await signIn(server.url, server.dataDir, "admin");
  const cookies = cookieHeader.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
  });
  console.log(
    `\n${runs} first loads per route and width, median (max) CLS\n| route | width | CLS median | CLS max | within ${BUDGET} |\n|---|---|---|---|---|`,
  );
  for (const route of routes) {
    for (const width of [1440, 390]) {
      const scores: number[] = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        await context.addCookies(cookies);
        await context.addInitScript(observeShifts);
        const page = await context.newPage();
        // Lighthouse's mobile conditions (slow 4G, 4x slower CPU): streamed parts arrive after the first paint, as they do for people.
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        const response = await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
        // A refused page, or the sign-in page in its place, would score a layout that was never the route's.
        if (!response?.ok() || new URL(page.url()).pathname !== route) throw new BenchmarkFailure(`${route}: ${response?.status()} at ${page.url()}`);
        await page.waitForTimeout(1500); // late shifts: charts and lazily loaded parts
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
        scores.push(cls(shifts));
        // --sources: what moved, to find the cause of a shift.
        if (values.sources)
          for (const shift of shifts) console.log(`  ${route} ${width}px at ${shift.time.toFixed(0)} ms: ${shift.value.toFixed(3)} ${shift.moved.join("; ")}`);
        await context.close();
      }
      const worst = Math.max(...scores);
      console.log(`| ${route} | ${width} | ${median(scores).toFixed(3)} | ${worst.toFixed(3)} | ${worst <= BUDGET ? "yes" : "no"} |`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
