/**
 * JavaScript per console route, gzipped as the production server's bytes compress: first, every script a
 * signed-in browser loads with the page's HTML (first load); then every script a real browser has fetched
 * once the page is idle (the lazily loaded islands and polled queries included).
 *
 *   npx tsx --conditions=react-server bench/first-load-js.ts [--routes /login,/usage]
 *
 * Needs a production build (`npm run build`).
 */
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { embeddedApiKey } from "../e2e/support/api";
import { startServer } from "../e2e/support/server";
import { signIn } from "./console-session";
import { expectOk, fetchJson, fetchOk, requireSamples } from "./fail-loudly";

const BUDGET_KB = 165;
const IDLE_BUDGET_KB = 215;
// No new script for this long after the network went quiet: the page counts as idle.
const IDLE_MS = 3000;
const display = (route: string) => route.replace(/\/visitors\/.+/, "/visitors/[id]");
const { values } = parseArgs({ options: { routes: { type: "string" } } });
const server = await startServer({ env: { TANDEM_DEMO_SEED: "1" } });
try {
  const cookie = await signIn(server.url, server.dataDir, "admin");
  const list = await fetchJson<{ visitors: { short_id: string }[] }>(`${server.url}/v1.3/list?max_results=1`, {
    headers: { "x-api-key": embeddedApiKey(server.dataDir) },
  });
  const routes = values.routes?.split(",") ?? [
    "/login",
    "/usage",
    "/visitors",
    `/visitors/${list.visitors[0].short_id}`,
    "/agents",
    "/audit",
    "/settings",
    "/demo",
  ];
  const sizes = new Map<string, number>(); // each script once, whatever route loads it
  const loadedBy = new Map<string, string[]>();
  const scriptSize = async (src: string) => {
    if (!sizes.has(src)) sizes.set(src, gzipSync(Buffer.from(await (await fetchOk(new URL(src, server.url))).arrayBuffer())).length);
    return sizes.get(src)!;
  };
  console.log(`\n| route | scripts | first-load JS (gzipped) | within ${BUDGET_KB} kB |\n|---|---|---|---|`);
  for (const route of routes) {
    const response = await fetch(`${server.url}${route}`, { headers: route === "/login" ? {} : { cookie }, redirect: "manual" });
    await expectOk(response, route);
    const html = await response.text();
    // A modern browser skips `nomodule` scripts (the legacy polyfills), so they are not counted.
    const tags = [...html.matchAll(/<script([^>]+)src="([^"]+)"([^>]*)>/g)].filter((match) => !/nomodule/i.test(match[1] + match[3]));
    const scripts = requireSamples([...new Set(tags.map((match) => match[2].replaceAll("&amp;", "&")))], `${route}'s scripts`);
    const total = (await Promise.all(scripts.map(scriptSize))).reduce((sum, size) => sum + size, 0) / 1024;
    for (const src of scripts) loadedBy.set(src, [...(loadedBy.get(src) ?? []), display(route)]);
    console.log(`| ${display(route)} | ${scripts.length} | ${total.toFixed(1)} kB | ${total <= BUDGET_KB ? "yes" : "no"} |`);
  }
  // Where the bytes are: the largest scripts and the routes that load them.
  console.log("\n| script | gzipped | loaded by |\n|---|---|---|");
  for (const [src, size] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    const routesOf = loadedBy.get(src)!;
    console.log(`| ${src.split("/").pop()} | ${(size / 1024).toFixed(1)} kB | ${routesOf.length === routes.length ? "every route" : routesOf.join(", ")} |`);
  }

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const signedOut = await browser.newContext();
    const signedIn = await browser.newContext();
    const host = new URL(server.url).hostname;
    await signedIn.addCookies(
      cookie.split("; ").map((pair) => ({ name: pair.split("=")[0], value: pair.slice(pair.indexOf("=") + 1), domain: host, path: "/" })),
    );
    console.log(`\n| route | scripts once idle | JS transferred once idle (gzipped) | within ${IDLE_BUDGET_KB} kB |\n|---|---|---|---|`);
    for (const route of routes) {
      const page = await (route === "/login" ? signedOut : signedIn).newPage();
      const scripts = new Set<string>();
      let lastScriptAt = Date.now();
      page.on("request", (request) => {
        if (request.resourceType() !== "script") return;
        scripts.add(request.url());
        lastScriptAt = Date.now();
      });
      // "load", not "networkidle": the demo page's visitor script keeps a stream open.
      await page.goto(`${server.url}${route}`, { waitUntil: "load" });
      while (Date.now() - lastScriptAt < IDLE_MS) await page.waitForTimeout(250);
      const total =
        (await Promise.all(requireSamples([...scripts], `${route}'s scripts once idle`).map(scriptSize))).reduce((sum, size) => sum + size, 0) / 1024;
      console.log(`| ${display(route)} | ${scripts.size} | ${total.toFixed(1)} kB | ${total <= IDLE_BUDGET_KB ? "yes" : "no"} |`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
