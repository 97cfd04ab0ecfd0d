import path from "node:path";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, overlayPoint } from "../fidelity/support/fidelity";

/**
 * flatpickr (`flatpickr`) on a phone: it shows the browser's own date and time inputs there, which the
 * agent fills by typing the value.
 */
const suite = fidelitySuite({}, path.resolve("e2e", "apps", "pages"));

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

test("the agent types a date and a time into flatpickr's inputs on the visitor's phone", async ({ browser }) => {
  const pair = await openPair(browser, suite, "flatpickr.html", { ready: "input.flatpickr-mobile[type=time]", visitorBrowser: { userAgent: PHONE } });
  const date = await overlayPoint(pair, "input.flatpickr-mobile[type=date]");
  await pair.agent.mouse.click(date.x, date.y);
  await pair.agent.keyboard.type("2026-12-01");
  const time = await overlayPoint(pair, "input.flatpickr-mobile[type=time]");
  await pair.agent.mouse.click(time.x, time.y);
  await pair.agent.keyboard.type("14:30");

  // flatpickr takes the value on `change` and writes it, in its format, to the page's own input.
  await expect(pair.visitor.locator("#arrival")).toHaveValue("2026-12-01");
  await expect(pair.visitor.locator("#departure")).toHaveValue("14:30");
  expect(await pair.visitor.evaluate(() => (window as unknown as { arrival: { selectedDates: Date[] } }).arrival.selectedDates[0].getDate())).toBe(1);
  await pair.close();
});
