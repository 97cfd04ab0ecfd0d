import path from "node:path";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, overlayPoint } from "../fidelity/support/fidelity";

/**
 * noUiSlider (`nouislider`): a slider of its own (no native input), moved by pointer events and its
 * handle's keys; the agent sees the visitor's focus on the handle.
 */
const suite = fidelitySuite({}, path.resolve("e2e", "apps", "pages"));

test("the agent drags noUiSlider's handle to the end, then steps it back with an arrow key; the focused handle is ringed", async ({ browser }) => {
  const pair = await openPair(browser, suite, "nouislider.html", { ready: ".noUi-handle" });
  const handle = await overlayPoint(pair, ".noUi-handle");
  await pair.agent.mouse.move(handle.x, handle.y);
  await pair.agent.mouse.down();
  for (let step = 1; step <= 8; step++) {
    await pair.agent.mouse.move(handle.x + step * 50, handle.y);
    await pair.agent.waitForTimeout(40);
  }
  await pair.agent.mouse.up();
  const value = () => pair.visitor.evaluate(() => (document.getElementById("slider") as unknown as { noUiSlider: { get(): string } }).noUiSlider.get());
  await expect.poll(value).toBe("100.00");
  // `change` comes with the release, after the moves.
  await expect.poll(() => pair.visitor.evaluate(() => (window as unknown as { changes: string[] }).changes)).toEqual(["100.00"]);

  await pair.agent.keyboard.press("ArrowLeft");
  await expect.poll(value).toBe("99.00");
  await expect(pair.mirror().locator(".noUi-handle")).toHaveAttribute("aria-valuenow", "99.0");
  // The handle the press focused is ringed in the mirror, where it now is.
  const handleBox = (await pair.mirror().locator(".noUi-handle").boundingBox())!;
  await expect
    .poll(async () => {
      const ring = await pair.agent.getByTestId("visitor-focus").boundingBox();
      // The ring runs 2 px outside the element, its 2 px stroke centred on that line.
      return ring && Math.abs(ring.x + 3 - handleBox.x) <= 1 && Math.abs(ring.width - 6 - handleBox.width) <= 1;
    })
    .toBe(true);
  await pair.close();
});
