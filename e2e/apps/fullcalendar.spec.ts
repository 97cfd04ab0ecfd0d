import path from "node:path";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, overlayPoint } from "../fidelity/support/fidelity";

/** FullCalendar (`fullcalendar`, classic theme), whose previous and next buttons show only an SVG chevron. */
const suite = fidelitySuite({}, path.resolve("e2e", "apps", "pages"));

const TITLE = "[role=heading]";

test("a click on the SVG chevron of FullCalendar's previous and next buttons changes the month", async ({ browser }) => {
  const pair = await openPair(browser, suite, "fullcalendar.html", { ready: "[aria-label='Next Month'] svg" });
  await expect(pair.visitor.locator(TITLE)).toHaveText("November 2026");

  const previous = await overlayPoint(pair, "[aria-label='Previous Month'] svg");
  await pair.agent.mouse.click(previous.x, previous.y);
  await expect(pair.visitor.locator(TITLE)).toHaveText("October 2026");
  await expect(pair.mirror().locator(TITLE)).toHaveText("October 2026");

  const next = await overlayPoint(pair, "[aria-label='Next Month'] svg");
  await pair.agent.mouse.click(next.x, next.y);
  await pair.agent.mouse.click(next.x, next.y);
  await expect(pair.visitor.locator(TITLE)).toHaveText("December 2026");
  await pair.close();
});
