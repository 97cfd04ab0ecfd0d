/**
 * Live co-browsing as people see it, in real Chromium pages against a real server:
 *   1. visitor change → applied in the agent's replayed page (p50/p95 over --changes changes);
 *   2. agent join → first frame, on a page of about 2,000 nodes (a new session, and a late join);
 *   3. bytes per minute of a typical session (visitor → service, service → one agent);
 *   4. the visitor script's sizes, gzipped.
 *
 *   npx tsx bench/live-browser.ts [--changes 300] [--seconds 60]
 *
 * Needs a production build with the visitor script (`npm run build`) and Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import fs from "node:fs";
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { fetchOk, requirePositive } from "./fail-loudly";
import { BENCH_API_KEY, openDemoVisitor, readSse, sleep, startBenchServer, summary, watchLink, type BenchServer, launchBenchBrowser } from "./live-support";

const { values } = parseArgs({
  options: { changes: { type: "string", default: "300" }, seconds: { type: "string", default: "60" }, joins: { type: "string", default: "5" } },
});
const CHANGES = Number(values.changes);
const SECONDS = Number(values.seconds);
const JOINS = Number(values.joins);

const replay = (page: Page) => page.frameLocator("[data-testid=replay-root] iframe");

async function openVisitor(browser: Browser, bench: BenchServer): Promise<{ page: Page; visitorId: string; sentBytes: () => number }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  let sent = 0;
  page.on("request", (request) => {
    if (request.url().includes("/collect/live/events")) sent += Buffer.byteLength(request.postData() ?? "");
  });
  const visitorId = await openDemoVisitor(page, bench);
  return { page, visitorId, sentBytes: () => sent };
}

/**
 * Times, in the agent's page, when its live stream opens (the join) and when the replayed page first
 * shows the last of the big list (the first frame), from the page's navigation start.
 */
// Plain JavaScript: a function compiled by tsx would carry helpers the page does not have.
const TIME_JOIN = `
  window.bench = {};
  const originalFetch = window.fetch;
  window.fetch = function (input, init) {
    if (window.bench.streamAt === undefined && String(input).includes("/stream")) window.bench.streamAt = performance.now();
    return originalFetch.call(this, input, init);
  };
  requestAnimationFrame(function tick() {
    const replayed = document.querySelector("[data-testid=replay-root] iframe")?.contentDocument;
    if (replayed?.querySelector("#bench-big li:nth-child(1000)")) window.bench.frameAt = performance.now();
    else requestAnimationFrame(tick);
  });
`;

async function openAgent(browser: Browser, url: string, timeJoin = false): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  if (timeJoin) await context.addInitScript({ content: TIME_JOIN });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** 1. Each change stamps its time into the visitor's page; the agent's page notes when it shows up. */
async function changeLatency(browser: Browser, bench: BenchServer) {
  const visitor = await openVisitor(browser, bench);
  await visitor.page.evaluate(() => {
    const target = document.createElement("p");
    target.id = "bench-target";
    target.textContent = "ready";
    document.body.prepend(target);
  });
  const agent = await openAgent(browser, await watchLink(bench, visitor.visitorId));
  await replay(agent).locator("#bench-target").waitFor();
  // Observed from the agent's page (the replay's sandboxed frame runs no script), over the whole replayed
  // document: a fresh snapshot (asked for on join) replaces every node.
  await agent.evaluate(() => {
    const replayed = document.querySelector<HTMLIFrameElement>("[data-testid=replay-root] iframe")!.contentDocument!;
    const seen: Record<string, number> = ((window as unknown as { benchSeen: Record<string, number> }).benchSeen = {});
    new MutationObserver(() => {
      const text = replayed.getElementById("bench-target")?.textContent ?? "";
      if (text.startsWith("change ") && !(text in seen)) seen[text] = Date.now();
    }).observe(replayed, { childList: true, characterData: true, subtree: true });
  });
  const sent: Record<string, number> = await visitor.page.evaluate(async (count) => {
    const target = document.getElementById("bench-target")!;
    const times: Record<string, number> = {};
    for (let i = 0; i < count; i++) {
      const text = `change ${i}`;
      times[text] = Date.now();
      target.textContent = text;
      await new Promise((resolve) => setTimeout(resolve, 40 + Math.random() * 40));
    }
    return times;
  }, CHANGES);
  await sleep(2000);
  const seen: Record<string, number> = await agent.evaluate(() => (window as unknown as { benchSeen: Record<string, number> }).benchSeen);
  // Changes that arrived in one batch are applied in one frame: the agent's page shows only the last of
  // them, so an earlier one counts as applied when that later one showed.
  const latencies: number[] = [];
  let coalesced = 0;
  for (let i = 0; i < CHANGES; i++) {
    let shown = seen[`change ${i}`];
    for (let later = i + 1; shown === undefined && later < CHANGES; later++) shown = seen[`change ${later}`];
    if (shown === undefined) continue;
    if (seen[`change ${i}`] === undefined) coalesced++;
    latencies.push(shown - sent[`change ${i}`]);
  }
  await agent.context().close();
  await visitor.page.context().close();
  return { ...summary(latencies), coalesced, missed: CHANGES - latencies.length };
}

/** 2. From opening the watch link to the replayed page showing the last of ~2,000 nodes. */
async function joinTime(browser: Browser, bench: BenchServer) {
  const visitor = await openVisitor(browser, bench);
  await visitor.page.evaluate(() => {
    const list = document.createElement("ul");
    list.id = "bench-big";
    for (let i = 0; i < 1000; i++) {
      const item = document.createElement("li");
      item.textContent = `Order line ${i}: 1 × item #${i}`;
      list.appendChild(item);
    }
    document.querySelector("main")!.appendChild(list);
  });
  const totalNodes = await visitor.page.evaluate(() => {
    let count = 0;
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ALL);
    while (walker.nextNode()) count++;
    return count;
  });
  const first = { load: [] as number[], stream: [] as number[] };
  const late = { load: [] as number[], stream: [] as number[] };
  const measureJoin = async (link: string, into: { load: number[]; stream: number[] }) => {
    const page = await openAgent(browser, link, true);
    await page.waitForFunction(() => (window as unknown as { bench: { frameAt?: number } }).bench.frameAt !== undefined, undefined, { timeout: 30_000 });
    const { streamAt, frameAt } = await page.evaluate(() => (window as unknown as { bench: { streamAt: number; frameAt: number } }).bench);
    into.load.push(frameAt);
    into.stream.push(frameAt - streamAt);
    return page;
  };
  for (let run = 0; run < JOINS; run++) {
    const link = await watchLink(bench, visitor.visitorId);
    const agent = await measureJoin(link, first);
    // A second agent joins the live session with a link of its own (a link opens once): the relay's stored snapshot serves it.
    const joiner = await measureJoin(await watchLink(bench, visitor.visitorId, "bench-agent-late"), late);
    await joiner.context().close();
    await fetchOk(`${bench.server.url}/v1.3/visitors/${visitor.visitorId}/session`, { method: "DELETE", headers: { "x-api-key": BENCH_API_KEY } });
    await agent.context().close();
    await sleep(500);
  }
  await visitor.page.context().close();
  return { totalNodes, first: { load: summary(first.load), stream: summary(first.stream) }, late: { load: summary(late.load), stream: summary(late.stream) } };
}

/** 3. A typical minute: typing, clicking, scrolling and moving the mouse, with one agent watching. */
async function bytesPerMinute(browser: Browser, bench: BenchServer) {
  const visitor = await openVisitor(browser, bench);
  const link = await watchLink(bench, visitor.visitorId);
  const agent = await openAgent(browser, link);
  await replay(agent).getByRole("heading", { name: "Demo shop" }).waitFor();
  // The link opens once: the agent's page holds the session's viewer token, in its address and tab.
  await agent.waitForURL(/\/watch\/session\/s_/);
  const sessionId = decodeURIComponent(new URL(agent.url()).pathname.split("/").at(-1)!);
  const token = (await agent.evaluate((id) => sessionStorage.getItem(`tandem.viewer.${id}`), sessionId))!;
  let received = 0;
  const abort = new AbortController();
  void readSse(
    `${bench.server.url}/live/sessions/${sessionId}/stream`,
    { authorization: `Bearer ${token}` },
    (_message, _at, bytes) => (received += bytes),
    abort.signal,
  );
  await sleep(1000);
  const sentBefore = visitor.sentBytes();
  const receivedBefore = received;
  const until = Date.now() + SECONDS * 1000;
  const page = visitor.page;
  for (let round = 0; Date.now() < until; round++) {
    await page.mouse.move(100 + ((round * 97) % 900), 100 + ((round * 53) % 500), { steps: 10 });
    await page.getByTestId("name").fill("");
    await page.getByTestId("name").pressSequentially(`Customer ${round}`, { delay: 120 });
    await page.getByTestId(["add-mug", "add-tee", "add-cap"][round % 3]).click();
    await page.mouse.wheel(0, round % 2 ? 300 : -300);
    await sleep(1500);
  }
  const minutes = SECONDS / 60;
  const result = requirePositive(
    { visitorBytesPerMinute: (visitor.sentBytes() - sentBefore) / minutes, agentBytesPerMinute: (received - receivedBefore) / minutes },
    "a typical session's bytes",
  );
  abort.abort();
  await agent.context().close();
  await page.context().close();
  return result;
}

function scriptSizes() {
  const size = (file: string) => gzipSync(fs.readFileSync(file)).length;
  const base = size("public/cobrowse.js");
  const recorder = size("public/cobrowse-recorder.js");
  return { base, recorder, total: base + recorder };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const bench = await startBenchServer();
// The visitor's consent is not what is measured: sessions start at once.
await bench.api("PATCH", "/service-admin/team", { require_authorization: false });
const browser = await launchBenchBrowser();
try {
  const sizes = scriptSizes();
  console.log(
    `Script sizes (gzipped): cobrowse.js ${kB(sizes.base)} (target ≤ 10 kB), cobrowse-recorder.js ${kB(sizes.recorder)}, together ${kB(sizes.total)} (target ≤ 60 kB)`,
  );
  const change = await changeLatency(browser, bench);
  console.log(
    `Visitor change → applied in the agent's page: p50 ${change.p50} ms, p95 ${change.p95} ms, max ${change.max} ms over ${change.n} changes (${change.coalesced} shown in the same frame as a later one; ${change.missed} never shown)`,
  );
  const join = await joinTime(browser, bench);
  const ms = (figures: { p50: number; max: number }) => `p50 ${figures.p50.toFixed(0)} ms, max ${figures.max.toFixed(0)} ms`;
  console.log(
    `Agent join → first frame, page of ${join.totalNodes} nodes (${JOINS} runs each; "stream" = from the watch page opening its live stream, "load" = from navigation start, cold browser context):`,
  );
  console.log(`  new session (the visitor starts sending): stream ${ms(join.first.stream)}; load ${ms(join.first.load)}`);
  console.log(`  a second agent joining late (served from the relay): stream ${ms(join.late.stream)}; load ${ms(join.late.load)}`);
  const bytes = await bytesPerMinute(browser, bench);
  console.log(
    `Typical session (${SECONDS} s of typing, clicks, scrolling, mouse): visitor → service ${kB(bytes.visitorBytesPerMinute)}/min, service → one agent ${kB(bytes.agentBytesPerMinute)}/min (uncompressed JSON)`,
  );
} finally {
  await browser.close();
  await bench.stop();
}
process.exit(0);
