/**
 * The agent's keyboard, end to end in real Chromium pages against a real server: from a key pressed in
 * the watch page (its keydown there) to its effect on the visitor's page (the `input` event of the
 * visitor's field), typed at a person's pace. Both pages run on this machine's clock.
 *
 *   npx tsx bench/key-latency.ts [--keys 300]
 *
 * Needs a production build with the visitor script (`npm run build`) and Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { parseArgs } from "node:util";
import { openDemoVisitor, sleep, startBenchServer, summary, watchLink, launchBenchBrowser } from "./live-support";

const { values } = parseArgs({ options: { keys: { type: "string", default: "300" } } });
const KEYS = Number(values.keys);

const bench = await startBenchServer();
// The visitor's consent is not what is measured: sessions start at once.
await bench.api("PATCH", "/service-admin/team", { require_authorization: false });
const browser = await launchBenchBrowser();
try {
  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const visitorId = await openDemoVisitor(visitor, bench);
  await visitor.evaluate(() => {
    const times: number[] = ((window as unknown as { benchInputs: number[] }).benchInputs = []);
    document.querySelector("[data-testid=name]")!.addEventListener("input", () => times.push(Date.now()));
  });

  const agent = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await agent.goto(await watchLink(bench, visitorId));
  const mirror = agent.frameLocator("[data-testid=replay-root] iframe");
  await mirror.locator("[data-testid=name]").waitFor();
  await agent.evaluate(() => {
    const times: number[] = ((window as unknown as { benchKeys: number[] }).benchKeys = []);
    document.addEventListener("keydown", () => times.push(Date.now()), true);
  });
  // The agent clicks the visitor's field in the mirror, then types into it.
  const field = (await mirror.locator("[data-testid=name]").boundingBox())!;
  await agent.mouse.click(field.x + field.width / 2, field.y + field.height / 2);
  await visitor.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "name");

  for (let i = 0; i < KEYS; i++) {
    await agent.keyboard.press(String.fromCharCode(97 + (i % 26)));
    await sleep(60 + Math.random() * 60);
  }
  await sleep(2000);
  const pressed: number[] = await agent.evaluate(() => (window as unknown as { benchKeys: number[] }).benchKeys);
  const applied: number[] = await visitor.evaluate(() => (window as unknown as { benchInputs: number[] }).benchInputs);
  const latencies = applied.slice(0, pressed.length).map((at, i) => at - pressed[i]);
  const value = await visitor.locator("[data-testid=name]").inputValue();
  const figures = summary(latencies);
  console.log(
    `Agent key press → input on the visitor's page: p50 ${figures.p50} ms, p95 ${figures.p95} ms, max ${figures.max} ms over ${figures.n} keys ` +
      `(${pressed.length} pressed, ${applied.length} applied, the field holds ${value.length} characters)`,
  );
} finally {
  await browser.close();
  await bench.stop();
}
process.exit(0);
