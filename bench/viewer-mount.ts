/**
 * The embeddable viewer against the watch page, in one run, in real Chromium pages against a real
 * server: from opening the page (a helpdesk page on another origin that mounts /viewer.js with a viewer
 * token; the watch link itself) to the visitor's page first shown in the mirror. Runs alternate
 * between the two, each on a new session of the same visitor (the demo shop; consent off, so no person
 * is timed), p50/p95 over --runs each; each session is ended through the API before the next.
 *
 *   npx tsx bench/viewer-mount.ts [--runs 10]
 *
 * Needs a production build with the visitor script and viewer (`npm run build`) and Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { parseArgs } from "node:util";
import type { Browser, FrameLocator, Page } from "@playwright/test";
import { startHelpdeskSite } from "../e2e/live/helpdesk/helpdesk-site";
import { BENCH_API_KEY, launchBenchBrowser, openDemoVisitor, startBenchServer, summary, watchLink, type BenchServer } from "./live-support";

const { values } = parseArgs({ options: { runs: { type: "string", default: "10" } } });
const RUNS = Number(values.runs);

const firstFrame = (holder: Page | FrameLocator) => holder.frameLocator("[data-testid=replay-root] iframe").locator("h1").first();

/** Milliseconds from asking the browser for `url` to the visitor's page in the mirror `holder(page)` shows. */
async function timeToFirstFrame(browser: Browser, url: string, holder: (page: Page) => Page | FrameLocator): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(url, { waitUntil: "commit" });
  await firstFrame(holder(page)).waitFor({ state: "attached", timeout: 30_000 });
  const elapsed = performance.now() - started;
  await context.close();
  return elapsed;
}

async function main() {
  const bench: BenchServer = await startBenchServer();
  const helpdesk = await startHelpdeskSite(bench.server.url, BENCH_API_KEY);
  await bench.api("PATCH", "/service-admin/team", { embed_origins: [helpdesk.origin], require_authorization: false });
  const browser = await launchBenchBrowser();
  try {
    const visitorPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const visitorId = await openDemoVisitor(visitorPage, bench);
    const endSession = () => bench.api("DELETE", `/v1.3/visitors/${visitorId}/session`).catch(() => undefined);
    const watch: number[] = [];
    const viewer: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const link = await watchLink(bench, visitorId);
      watch.push(await timeToFirstFrame(browser, link, (page) => page));
      await endSession();
      // The token is minted before the clock starts, as the watch link is: a helpdesk's server does it on the way.
      const minted = await bench.api("POST", `/v1.4/visitors/${visitorId}/viewer_token`, { viewer: { id: "bench-viewer", name: "Bench Viewer" } });
      const given = encodeURIComponent(JSON.stringify({ token: minted.token, endpoint: minted.endpoint }));
      viewer.push(await timeToFirstFrame(browser, `${helpdesk.origin}/mount#${given}`, (page) => page.frameLocator("#viewer iframe")));
      await endSession();
    }
    if (!watch.length || !viewer.length) throw new Error("nothing was measured");
    const rows = [
      ["watch page: open → first frame", summary(watch)],
      ["embedded viewer on a helpdesk page: open → first frame", summary(viewer)],
    ] as const;
    console.log("| measure | n | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|");
    for (const [name, s] of rows) console.log(`| ${name} | ${s.n} | ${s.p50.toFixed(0)} | ${s.p95.toFixed(0)} | ${s.max.toFixed(0)} |`);
    console.log(`viewer / watch page, p50: ${(summary(viewer).p50 / summary(watch).p50).toFixed(2)}`);
  } finally {
    await browser.close();
    await helpdesk.close();
    await bench.stop();
  }
}

await main();
