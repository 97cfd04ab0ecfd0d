import path from "node:path";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, overlayPoint } from "../fidelity/support/fidelity";

/** SortableJS (`sortablejs`): on desktop it reorders with the browser's own drag and drop (dragstart, dragover, drop). */
const suite = fidelitySuite({}, path.resolve("e2e", "apps", "pages"));

test("the agent drags the first item of a SortableJS list to the end, and nothing is clicked", async ({ browser }) => {
  const pair = await openPair(browser, suite, "sortable.html", { ready: "#list li" });
  const first = await overlayPoint(pair, "#list li:nth-child(1)");
  const last = await overlayPoint(pair, "#list li:nth-child(3)");
  await pair.agent.mouse.move(first.x, first.y);
  await pair.agent.mouse.down();
  for (let step = 1; step <= 6; step++) {
    await pair.agent.mouse.move(first.x, first.y + ((last.y + 12 - first.y) * step) / 6);
    await pair.agent.waitForTimeout(40);
  }
  await pair.agent.mouse.up();
  await expect(pair.visitor.locator("#list li")).toHaveText(["Two", "Three", "One"]);
  await expect(pair.mirror().locator("#list li")).toHaveText(["Two", "Three", "One"]);
  expect(await pair.visitor.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(0);
  await pair.close();
});
