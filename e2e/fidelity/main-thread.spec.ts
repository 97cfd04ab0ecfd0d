import { expect, test } from "../support/fixtures";
import { fidelitySuite, longestTask, openPair, pageClock } from "./support/fidelity";

/**
 * Recording a 10,000-node page blocks the visitor's main thread for no more than 50 ms at a time: not
 * when the session starts (the snapshot is taken in slices), not when 1,000 nodes are added at once
 * (the page's own work included); and what changes while the slices run reaches the mirror.
 */
const suite = fidelitySuite();

/**
 * The goal is no task over 50 ms, and the figure each run measures is printed (docs/fidelity.md). The
 * check allows twice that, so that a busy machine's scheduling does not fail the suite, while the
 * recorder before slicing (a 228 ms task at session start) still fails it.
 */
const LONGEST_TASK_CHECK_MS = 100;

test("a session starts on a 10,000-node page with no task over 50 ms on the visitor's page", async ({ browser }) => {
  const pair = await openPair(browser, suite, "big-page.html", { ready: "#title" });
  await expect(pair.mirror().locator("#list > li")).toHaveCount(2500);
  const longest = await longestTask(pair.visitor, pair.sessionStart);
  console.log(`session start on 10,000 nodes: longest task ${longest.toFixed(0)} ms (0: none over 50 ms)`);
  expect(longest).toBeLessThan(LONGEST_TASK_CHECK_MS);
  await pair.close();
});

test("a session start builds no iframe on the visitor's page (rrweb's check of Element is not fooled)", async ({ browser }) => {
  const pair = await openPair(browser, suite, "big-page.html", {
    ready: "#title",
    beforeAgent: (visitor) =>
      visitor.evaluate(() => {
        const counter = window as unknown as { framesAdded: number };
        counter.framesAdded = 0;
        new MutationObserver((records) => {
          for (const record of records) for (const node of record.addedNodes) if (node.nodeName === "IFRAME") counter.framesAdded++;
        }).observe(document, { childList: true, subtree: true });
      }),
  });
  await expect(pair.mirror().locator("#list > li")).toHaveCount(2500);
  expect(await pair.visitor.evaluate(() => (window as unknown as { framesAdded: number }).framesAdded)).toBe(0);
  await pair.close();
});

test("1,000 nodes added at once cost the visitor's page no task over 50 ms", async ({ browser }) => {
  const pair = await openPair(browser, suite, "big-page.html", { ready: "#title" });
  await expect(pair.mirror().locator("#list > li")).toHaveCount(2500);
  const since = await pageClock(pair.visitor);
  await pair.visitor.evaluate(() => (window as unknown as { addRows: (label: string) => void }).addRows("Added"));
  await expect(pair.mirror().locator("#list > li.added")).toHaveCount(250);
  const mutation = await longestTask(pair.visitor, since);
  console.log(`1,000 added nodes: longest task ${mutation.toFixed(0)} ms (0: none over 50 ms)`);
  expect(mutation).toBeLessThan(LONGEST_TASK_CHECK_MS);
  await pair.close();
});

test("changes made while the session starts all reach the mirror", async ({ browser }) => {
  const pair = await openPair(browser, suite, "big-page.html", {
    ready: "#title",
    // For two seconds from just before the agent joins: rows edited, added and removed every few ms.
    beforeAgent: (visitor) => visitor.evaluate(() => (window as unknown as { churn: (ms: number) => void }).churn(2000)),
  });
  await pair.visitor.waitForFunction(() => (window as unknown as { churning: boolean }).churning === false, undefined, { timeout: 15_000 });
  const expected = await pair.visitor.locator("#list > li").allTextContents();
  expect(expected.join()).toContain("Churned");
  await expect.poll(() => pair.mirror().locator("#list > li").allTextContents()).toEqual(expected);
  await pair.close();
});
