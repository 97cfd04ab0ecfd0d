/**
 * What a model pays to read a real page through Tandem's MCP server, next to Playwright's MCP server
 * (@playwright/mcp, on the same pages, in Debian's chromium): the size of `read_page`'s text against
 * `browser_snapshot`'s (characters, and words and symbols: a tokenizer-free measure), and the time of each
 * call over its transport; then an action's answer with its own change (click "Add to cart" → the answer
 * names the new cart), p50 and p95, for both.
 *
 *   npx tsx --conditions=react-server bench/mcp-pages.ts [--reads 30] [--clicks 50]
 *
 * The pages: Tandem's demo shop, and a page of about 2,000 DOM nodes (sections of a heading, a paragraph
 * and a list of a link, a button and a field). Tandem reads the visitor's page co-browsed in one chromium;
 * Playwright's server drives a chromium of its own. Both share the machine with the server.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { startCustomerSite } from "../e2e/fidelity/support/customer-site";
import { launchBenchBrowser, openDemoVisitor, startBenchServer, summary } from "./live-support";
import { aiClient, call, prepareForAi, type Result } from "./mcp-support";

const { values } = parseArgs({ options: { reads: { type: "string", default: "30" }, clicks: { type: "string", default: "50" } } });
const READS = Number(values.reads);
const CLICKS = Number(values.clicks);

const wordsAndSymbols = (text: string) => text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
const textOf = (result: Result) => result.content?.map((part) => part.text ?? "").join("") ?? "";
const fmt = (values: number[]) => {
  const figures = summary(values);
  return `${figures.n} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)}`;
};

/** About `nodes` DOM nodes (elements and texts), in sections like those of bench/mcp.ts's page. */
function bigPageHtml(nodes: number): string {
  const sections: string[] = [];
  for (let n = 0; sections.length * 14 < nodes; n++) {
    sections.push(
      `<section><h3>Product ${n}</h3><p>A fine product, number ${n}, in stock.</p><ul><li><a href="/p/${n}">Details</a></li>` +
        `<li><button type="button">Add to cart</button></li><li><input name="qty-${n}" value="1" aria-label="Quantity"></li></ul></section>`,
    );
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Big page</title></head><body><main>${sections.join("")}</main></body></html>`;
}

async function playwrightMcp(outputDir: string): Promise<Client> {
  const client = new Client({ name: "bench", version: "1.0.0" });
  const cli = path.join("node_modules", "@playwright", "mcp", "cli.js");
  const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  const args = [cli, "--headless", "--isolated", "--browser", "chromium", "--executable-path", chromium, "--no-sandbox", "--output-dir", outputDir];
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: "ignore" }));
  return client;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const result = await work();
  return [result, performance.now() - t0];
}

const bench = await startBenchServer();
const key = await prepareForAi(bench);
const pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-pages-"));
fs.writeFileSync(path.join(pagesDir, "big.html"), bigPageHtml(2000));
const site = await startCustomerSite(bench.server.url, bench.publicKey, pagesDir);
const browser = await launchBenchBrowser();
const playwright = await playwrightMcp(path.join(pagesDir, "playwright-mcp"));
const tandem = await aiClient(bench, key);
const sizes: string[] = [];
const times: string[] = [];
try {
  for (const [label, url] of [
    ["demo shop", `${bench.server.url}/demo`],
    ["2,000-node page", site.url("big.html")],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const visitorId = label === "demo shop" ? await openDemoVisitor(page, bench) : await page.goto(url).then(() => openSiteVisitor(page));
    const started = await call(tandem, "start_session", { visitor_id: visitorId, agent_name: "Bench AI", wait_seconds: 30 });
    const sessionId = started.structuredContent?.session_id as string;
    if (!sessionId) throw new Error(`start_session: ${JSON.stringify(started)}`);

    const tandemTimes: number[] = [];
    let tandemText = "";
    for (let i = 0; i < READS; i++) {
      const [read, ms] = await timed(() => call(tandem, "read_page", { session_id: sessionId, max_chars: 100_000 }));
      tandemTimes.push(ms);
      tandemText = textOf(read);
    }
    await call(playwright, "browser_navigate", { url });
    const playwrightTimes: number[] = [];
    let playwrightText = "";
    for (let i = 0; i < READS; i++) {
      const [snapshot, ms] = await timed(() => call(playwright, "browser_snapshot", {}));
      playwrightTimes.push(ms);
      playwrightText = textOf(snapshot);
    }
    if (!tandemText.includes("Add to cart") || !playwrightText.includes("Add to cart")) throw new Error(`${label}: a read missed the page`);
    sizes.push(
      `| ${label} | ${tandemText.length} | ${wordsAndSymbols(tandemText)} | ${playwrightText.length} | ${wordsAndSymbols(playwrightText)} | ` +
        `${(wordsAndSymbols(tandemText) / wordsAndSymbols(playwrightText)).toFixed(2)} |`,
    );
    times.push(`| ${label}: Tandem read_page | ${fmt(tandemTimes)} |`, `| ${label}: Playwright browser_snapshot | ${fmt(playwrightTimes)} |`);

    if (label === "demo shop") {
      // An action's answer with its own change: the cart after each click, named in the click's answer.
      const button = /button "Add to cart" \[ref=(\d+)\]/.exec(tandemText)![1];
      const clicks: number[] = [];
      for (let count = 1; count <= CLICKS; count++) {
        const [answer, ms] = await timed(() => call(tandem, "click", { session_id: sessionId, ref: Number(button) }));
        clicks.push(ms);
        const expected = `${count} item${count === 1 ? "" : "s"} in your cart`;
        if (!textOf(answer).includes(expected)) throw new Error(`click ${count}: the answer did not name its change (${expected}):\n${textOf(answer)}`);
      }
      times.push(`| demo shop: Tandem click → answer with its change | ${fmt(clicks)} |`);
      const playwrightButton = /button "Add to cart" \[ref=(e\d+)\]/.exec(playwrightText)![1];
      const playwrightClicks: number[] = [];
      for (let count = 1; count <= CLICKS; count++) {
        // Its click's answer links the page's snapshot in a file: the change is read with browser_snapshot.
        const [answer, ms] = await timed(async () => {
          await call(playwright, "browser_click", { element: "Add to cart", target: playwrightButton });
          return call(playwright, "browser_snapshot", {});
        });
        playwrightClicks.push(ms);
        if (!textOf(answer).includes(`${count} item`)) throw new Error(`Playwright click ${count}: ${textOf(answer).slice(0, 400)}`);
      }
      times.push(`| demo shop: Playwright browser_click, then browser_snapshot to see its change | ${fmt(playwrightClicks)} |`);
    }
    await call(tandem, "end_session", { session_id: sessionId });
    await page.close();
  }
} finally {
  await playwright.close();
  await tandem.close();
  await browser.close();
  await site.close();
  await bench.stop();
  fs.rmSync(pagesDir, { recursive: true, force: true });
}
if (!sizes.length) throw new Error("nothing was measured");
console.log(
  "| page | Tandem read_page chars | Tandem words+symbols | Playwright browser_snapshot chars | Playwright words+symbols | Tandem / Playwright |\n|---|---|---|---|---|---|",
);
console.log(sizes.join("\n"));
console.log("\n| call (round trip over its transport) | n | p50 ms | p95 ms |\n|---|---|---|---|");
console.log(times.join("\n"));
process.exit(0);

async function openSiteVisitor(page: import("@playwright/test").Page): Promise<string> {
  await page.waitForFunction(() => /^[A-Z2-9]{8}$/.test(JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId ?? ""));
  return page.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId as string);
}
