/**
 * The agent's notes, typing stop → saved: in a real Chromium watch page against a real server, the agent
 * types a line into Notes; from the last keystroke, how long until the API's Session carries the text
 * (`agent_notes`, polled every 10 ms, from when the last key press returned) and until the page says
 * "Saved" (on the page's own clock). Target: ≤ 1 s.
 *
 *   npx tsx bench/agent-notes.ts [--runs 20]
 *
 * Needs a production build (`npm run build`) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { fetchJson } from "./fail-loudly";
import { sleep, startBenchServer, summary, watchLink } from "./live-support";

const { values } = parseArgs({ options: { runs: { type: "string", default: "20" } } });
const RUNS = Number(values.runs);
const AGENT = "bench-notes-agent";

/**
 * In the watch page: when the last key went down, and when the notes' status next read "Saved", on the
 * page's clock (Playwright's polling of a locator would add its own interval).
 */
// Plain JavaScript: a function compiled by tsx would carry helpers the page does not have.
const STAMP_NOTES = `
  window.notesBench = { keyAt: 0, savedAt: 0 };
  document.addEventListener("keydown", () => (window.notesBench.keyAt = performance.now()), true);
  new MutationObserver(() => {
    const status = document.querySelector("[data-testid=notes-status]");
    if (status && status.textContent === "Saved" && window.notesBench.savedAt < window.notesBench.keyAt) window.notesBench.savedAt = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

interface Stamps {
  keyAt: number;
  savedAt: number;
}

const bench = await startBenchServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const { visitorId } = await fetchJson<{ visitorId: string }>(`${bench.server.url}/collect/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ publicKey: bench.publicKey, url: "https://shop.example.com/", title: "Shop" }),
  });
  const context = await browser.newContext();
  await context.addInitScript({ content: STAMP_NOTES });
  const page = await context.newPage();
  await page.goto(await watchLink(bench, visitorId, AGENT));
  const notes = page.getByRole("textbox", { name: "Notes" });
  await notes.waitFor();
  const stamps = () => page.evaluate(() => (window as unknown as { notesBench: Stamps }).notesBench);

  const apiNotes = async () => {
    const { agent } = (await bench.api("GET", `/v1.3/agents/lookup?external_id=${AGENT}`)) as { agent: { sessions: Array<{ agent_notes?: string | null }> } };
    return agent.sessions[0]?.agent_notes ?? null;
  };

  const persisted: number[] = [];
  const shownSaved: number[] = [];
  let text = "";
  for (let run = 0; run < RUNS; run++) {
    const line = `Run ${run}: the customer asked about order ${1000 + run}.\n`;
    text += line;
    await notes.press("Control+End");
    await notes.pressSequentially(line, { delay: 40 });
    const stopped = performance.now();
    while ((await apiNotes()) !== text) await sleep(10);
    persisted.push(performance.now() - stopped);
    let seen = await stamps();
    while (seen.savedAt < seen.keyAt) {
      await sleep(10);
      seen = await stamps();
    }
    shownSaved.push(seen.savedAt - seen.keyAt);
  }
  const line = (label: string, figures: ReturnType<typeof summary>) =>
    `${label}: p50 ${figures.p50.toFixed(0)} ms, p95 ${figures.p95.toFixed(0)} ms, max ${figures.max.toFixed(0)} ms over ${figures.n} runs`;
  console.log(line("Typing stop → agent_notes in the API's Session", summary(persisted)));
  console.log(line('Typing stop → "Saved" on the watch page', summary(shownSaved)));
} finally {
  await browser.close();
  await bench.stop();
}
