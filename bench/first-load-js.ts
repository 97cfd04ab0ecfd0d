/**
 * First-load JavaScript per console route: every script a signed-in browser loads with the page's HTML,
 * gzipped, as the production server sends it.
 *
 *   npx tsx --conditions=react-server bench/first-load-js.ts
 *
 * Needs a production build (`npm run build`).
 */
import { gzipSync } from "node:zlib";
import { embeddedApiKey } from "../e2e/support/api";
import { startServer } from "../e2e/support/server";
import { signIn } from "./console-session";

const BUDGET_KB = 150;
const display = (route: string) => route.replace(/\/visitors\/.+/, "/visitors/[id]");
const server = await startServer({ env: { TANDEM_DEMO_SEED: "1" } });
try {
  const cookie = await signIn(server.url, server.dataDir, "admin");
  const list = (await (await fetch(`${server.url}/v1.3/list?max_results=1`, { headers: { "x-api-key": embeddedApiKey(server.dataDir) } })).json()) as {
    visitors: { short_id: string }[];
  };
  const routes = ["/login", "/usage", "/visitors", `/visitors/${list.visitors[0].short_id}`, "/agents", "/audit", "/settings", "/demo"];
  const sizes = new Map<string, number>(); // each script once, whatever route loads it
  const loadedBy = new Map<string, string[]>();
  const scriptSize = async (src: string) => {
    if (!sizes.has(src)) sizes.set(src, gzipSync(Buffer.from(await (await fetch(new URL(src, server.url))).arrayBuffer())).length);
    return sizes.get(src)!;
  };
  console.log(`\n| route | scripts | first-load JS (gzipped) | within ${BUDGET_KB} kB |\n|---|---|---|---|`);
  for (const route of routes) {
    const response = await fetch(`${server.url}${route}`, { headers: route === "/login" ? {} : { cookie }, redirect: "manual" });
    if (response.status !== 200) throw new Error(`${route}: ${response.status}`);
    const html = await response.text();
    // A modern browser skips `nomodule` scripts (the legacy polyfills), so they are not counted.
    const tags = [...html.matchAll(/<script([^>]+)src="([^"]+)"([^>]*)>/g)].filter((match) => !/nomodule/i.test(match[1] + match[3]));
    const scripts = [...new Set(tags.map((match) => match[2].replaceAll("&amp;", "&")))];
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
} finally {
  await server.stop();
}
