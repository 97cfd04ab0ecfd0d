/**
 * What the live benchmarks share: a real server (`npm start`'s, on the production build) with a known API
 * key, watch links, and the viewer credential a watch page gets.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { NO_RATE_LIMITS, startServer, type RunningServer } from "../e2e/support/server";

export const BENCH_API_KEY = "tk_bench_live_0123456789abcdef";

export interface BenchServer {
  server: RunningServer;
  api: (method: string, route: string, body?: unknown) => Promise<Record<string, unknown>>;
  publicKey: string;
  stop: () => Promise<void>;
}

/** A Tandem server for a benchmark: of this checkout, or of `cwd` (another checkout with its own build). */
export async function startBenchServer(cwd?: string): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-live-"));
  const server = await startServer({ dataDir, cwd, env: { TANDEM_DEMO_SEED: "0", COBROWSE_API_KEY: BENCH_API_KEY, ...NO_RATE_LIMITS } });
  const api = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(server.url + route, {
      method,
      headers: { "x-api-key": BENCH_API_KEY, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  await api("PATCH", "/service-admin/team", { max_concurrent_sessions: 100_000 });
  const team = (await api("GET", "/service-admin/team")).team as { public_key: string };
  return { server, api, publicKey: team.public_key, stop: () => server.stop() };
}

export async function watchLink(bench: BenchServer, visitorId: string, agentId = "bench-agent"): Promise<string> {
  const created = await bench.api("POST", `/v1.3/visitors/${visitorId}/watch_url`, { agent: { id: agentId, name: "Bench Agent" } });
  return created.watch_url as string;
}

/** Opens a watch link as a browser would and reads the session id and viewer token the page was given. */
export async function openWatchLinkForViewer(watchUrl: string): Promise<{ sessionId: string; token: string }> {
  const html = await (await fetch(watchUrl)).text();
  const sessionId = /\\"sessionId\\":\\"(s_[A-Za-z0-9]+)\\"/.exec(html)?.[1];
  const token = /\\"token\\":\\"(eyJ[\w.-]+)\\"/.exec(html)?.[1];
  if (!sessionId || !token) throw new Error("the watch page did not carry a session and viewer token");
  return { sessionId, token };
}

export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

export function summary(values: number[]): { n: number; p50: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
}

/** Reads a Server-Sent Events stream, calling `onMessage` with each `data:` JSON, until aborted. */
export function readSse(
  url: string,
  headers: Record<string, string>,
  onMessage: (message: Record<string, unknown>, receivedAt: number, bytes: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return fetch(url, { headers, signal })
    .then(async (response) => {
      if (!response.ok || !response.body) throw new Error(`stream ${url}: ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffered = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const receivedAt = performance.timeOrigin + performance.now();
        buffered += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffered.indexOf("\n\n")) >= 0) {
          const frame = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (frame.startsWith("data: ")) onMessage(JSON.parse(frame.slice(6)) as Record<string, unknown>, receivedAt, frame.length + 2);
        }
      }
    })
    .catch((error: Error) => {
      if (error.name !== "AbortError") throw error;
    });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the demo shop in `page` as a visitor, waits until the visitor script has registered, and answers its id. */
export async function openDemoVisitor(page: Page, bench: BenchServer): Promise<string> {
  await page.goto(`${bench.server.url}/demo`);
  await page.waitForFunction(() => /^\d{4}$/.test(document.getElementById("cobrowse-lookup-code")?.textContent ?? ""));
  return page.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId as string);
}

/**
 * The visitor's `page` opens `url` (a page with the snippet), and an agent opens the visitor's watch
 * link in a context of its own; answers once the agent's mirror shows `ready`.
 */
export async function watchVisitorPage(browser: Browser, bench: BenchServer, page: Page, url: string, ready: string) {
  await page.goto(url);
  await page.waitForFunction(() => /^[A-Z2-9]{8}$/.test(JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId ?? ""));
  const visitorId = await page.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId as string);
  const agentContext = await browser.newContext({ viewport: { width: 1400, height: 1100 } });
  const agent = await agentContext.newPage();
  await agent.goto(await watchLink(bench, visitorId));
  await agent.frameLocator("[data-testid=replay-root] iframe").locator(ready).waitFor({ state: "attached" });
  // tsx names the functions it compiles with a helper the page does not have.
  await agent.evaluate("window.__name = (target) => target");
  return { agent, agentContext };
}

/** Debian's Chromium (CHROMIUM_PATH elsewhere), headless, for the pages a benchmark drives. */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
}
