/**
 * First-load JavaScript per console route: every script a signed-in browser loads with the page's HTML,
 * gzipped, as the production server sends it.
 *
 *   npx tsx --conditions=react-server bench/first-load-js.ts
 *
 * Needs a production build (`npx next build`).
 */
import { gzipSync } from "node:zlib";
import { embeddedApiKey } from "../e2e/support/api";
import { startServer } from "../e2e/support/server";
import { signIn } from "./console-session";

const BUDGET_KB = 150;
const server = await startServer({ env: { TANDEM_DEMO_SEED: "1" } });
try {
  const cookie = await signIn(server.url, server.dataDir, "admin");
  const list = (await (await fetch(`${server.url}/v1.3/list?max_results=1`, { headers: { "x-api-key": embeddedApiKey(server.dataDir) } })).json()) as {
    visitors: { id: string }[];
  };
  const routes = ["/login", "/usage", "/visitors", `/visitors/${list.visitors[0].id}`, "/agents", "/audit", "/settings", "/demo"];
  const sizes = new Map<string, number>(); // each script once, whatever route loads it
  const scriptSize = async (src: string) => {
    if (!sizes.has(src)) sizes.set(src, gzipSync(Buffer.from(await (await fetch(new URL(src, server.url))).arrayBuffer())).length);
    return sizes.get(src)!;
  };
  console.log(`\n| route | scripts | first-load JS (gzipped) | within ${BUDGET_KB} kB |\n|---|---|---|---|`);
  for (const route of routes) {
    const response = await fetch(`${server.url}${route}`, { headers: route === "/login" ? {} : { cookie }, redirect: "manual" });
    if (response.status !== 200) throw new Error(`${route}: ${response.status}`);
    const html = await response.text();
    const scripts = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1].replaceAll("&amp;", "&")))];
    const total = (await Promise.all(scripts.map(scriptSize))).reduce((sum, size) => sum + size, 0) / 1024;
    console.log(`| ${route.replace(/\/visitors\/.+/, "/visitors/[id]")} | ${scripts.length} | ${total.toFixed(1)} kB | ${total <= BUDGET_KB ? "yes" : "no"} |`);
  }
} finally {
  await server.stop();
}
