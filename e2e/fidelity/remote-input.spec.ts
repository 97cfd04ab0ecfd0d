import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, overlayPoint } from "./support/fidelity";

/** The agent's mouse acts on the visitor's page like a person's: pointer and mouse events, wheel under the pointer. */
const suite = fidelitySuite();

interface Logged {
  type: string;
  x: number;
  y: number;
  buttons: number;
  pointerType: string | null;
  detail: number;
}

test("a click sends the pointer and mouse sequence at the point, and opens a menu that listens for pointerdown", async ({ browser }) => {
  const pair = await openPair(browser, suite, "remote-input.html", { ready: "#menu-button" });
  const point = await overlayPoint(pair, "#menu-button");
  await pair.agent.getByTestId("replay-overlay").click({ position: await overlayPosition(pair, point) });

  await expect
    .poll(() => pair.visitor.evaluate(() => (window as unknown as { inputLog: Logged[] }).inputLog.map((event) => event.type)))
    .toEqual(["pointerover", "pointerenter", "mouseover", "mouseenter", "pointermove", "pointerdown", "mousedown", "focus", "pointerup", "mouseup", "click"]);
  const log = await pair.visitor.evaluate(() => (window as unknown as { inputLog: Logged[] }).inputLog);
  const box = (await pair.visitor.locator("#menu-button").boundingBox())!;
  const byType = Object.fromEntries(log.map((event) => [event.type, event]));
  for (const type of ["pointerdown", "mousedown", "pointerup", "mouseup", "click"]) {
    expect(Math.abs(byType[type].x - (box.x + box.width / 2)), `${type} x`).toBeLessThanOrEqual(1);
    expect(Math.abs(byType[type].y - (box.y + box.height / 2)), `${type} y`).toBeLessThanOrEqual(1);
  }
  expect(byType.pointerdown).toMatchObject({ buttons: 1, pointerType: "mouse" });
  expect(byType.mousedown).toMatchObject({ buttons: 1, detail: 1 });
  expect(byType.pointerup).toMatchObject({ buttons: 0, pointerType: "mouse" });
  expect(byType.click).toMatchObject({ pointerType: "mouse", detail: 1 });
  await expect(pair.visitor.locator("#menu")).toBeVisible();
  await expect(pair.visitor.locator("#menu-button")).toBeFocused();
  await expect(pair.mirror().locator("#menu")).toBeVisible();
  await pair.close();
});

test("a wheel over a scrollable pane scrolls the pane, not the window; elsewhere it scrolls the window", async ({ browser }) => {
  const pair = await openPair(browser, suite, "remote-input.html", { ready: "#pane p" });
  const pane = await overlayPoint(pair, "#pane");
  await pair.agent.mouse.move(pane.x, pane.y);
  await pair.agent.mouse.wheel(0, 300);
  await expect.poll(() => pair.visitor.locator("#pane").evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  expect(await pair.visitor.evaluate(() => window.scrollY)).toBe(0);
  await expect
    .poll(() =>
      pair
        .mirror()
        .locator("#pane")
        .evaluate((element) => element.scrollTop),
    )
    .toBeGreaterThan(0);

  const outside = await overlayPoint(pair, "#menu-button");
  await pair.agent.mouse.move(outside.x + 300, outside.y);
  await pair.agent.mouse.wheel(0, 300);
  await expect.poll(() => pair.visitor.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await pair.close();
});

/** A point of the agent's window as a position inside the overlay (what locator.click takes). */
async function overlayPosition(pair: Awaited<ReturnType<typeof openPair>>, point: { x: number; y: number }) {
  const overlay = (await pair.agent.getByTestId("replay-overlay").boundingBox())!;
  return { x: point.x - overlay.x, y: point.y - overlay.y };
}
