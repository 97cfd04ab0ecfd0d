/**
 * The remote console, end to end in real Chromium pages against a real server: from a `console.log` on
 * the visitor's page to its line in the agent's Console panel (the DOM change there), one message at a
 * time at a busy page's pace. Both pages run on this machine's clock.
 *
 *   npx tsx bench/console-latency.ts [--messages 200]
 *
 * Needs a production build with the visitor script (`npm run build`) and Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium). The target: p95 ≤ 250 ms.
 */
import { parseArgs } from "node:util";
import { openDemoVisitor, sleep, startBenchServer, summary, launchBenchBrowser } from "./live-support";

const { values } = parseArgs({ options: { messages: { type: "string", default: "200" } } });
const MESSAGES = Number(values.messages);

type Times = { benchTimes: Record<number, number> };

const bench = await startBenchServer();
// The visitor's consent is not what is measured: sessions start at once.
await bench.api("PATCH", "/service-admin/team", { require_authorization: false });
const browser = await launchBenchBrowser();
try {
  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const visitorId = await openDemoVisitor(visitor, bench);
  await visitor.evaluate(() => ((window as unknown as Times).benchTimes = {}));

  const created = await bench.api("POST", `/v1.3/visitors/${visitorId}/watch_url`, {
    agent: { id: "bench-agent", name: "Bench Agent" },
    permissions: { allow_console: true },
  });
  const agent = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await agent.goto(created.watch_url as string);
  await agent.locator("[data-status=live]").waitFor();
  await agent.getByRole("region", { name: "Console" }).waitFor();
  // Each message's first appearance in the panel.
  await agent.evaluate(() => {
    const times: Record<number, number> = ((window as unknown as Times).benchTimes = {});
    new MutationObserver((mutations) => {
      const now = Date.now();
      for (const mutation of mutations)
        for (const node of mutation.addedNodes) for (const match of (node.textContent ?? "").matchAll(/bench-(\d+)\b/g)) times[Number(match[1])] ??= now;
    }).observe(document.body, { childList: true, subtree: true });
  });
  // The capture is in once a message shows.
  for (let tries = 0; !(await agent.getByText("bench-warmup").count()); tries++) {
    if (tries > 100) throw new Error("the Console panel never showed the page's messages");
    await visitor.evaluate(() => console.log("bench-warmup"));
    await sleep(100);
  }

  for (let i = 0; i < MESSAGES; i++) {
    await visitor.evaluate((n) => {
      (window as unknown as Times).benchTimes[n] = Date.now();
      console.log(`bench-${n}`, { step: n });
    }, i);
    await sleep(60 + Math.random() * 120);
  }
  await sleep(2000);
  const logged = await visitor.evaluate(() => (window as unknown as Times).benchTimes);
  const shown = await agent.evaluate(() => (window as unknown as Times).benchTimes);
  const latencies = Object.keys(logged)
    .filter((n) => shown[Number(n)] !== undefined)
    .map((n) => shown[Number(n)] - logged[Number(n)]);
  const figures = summary(latencies);
  console.log(
    `console.log on the visitor's page → line in the agent's Console panel: p50 ${figures.p50} ms, p95 ${figures.p95} ms, max ${figures.max} ms ` +
      `over ${figures.n} messages (${Object.keys(logged).length} logged)`,
  );
} finally {
  await browser.close();
  await bench.stop();
}
process.exit(0);
