import { setTeam } from "../support/api";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, pixelDifference, type Pair } from "./support/fidelity";

/** 2D canvases reach the agent as images when they change; a masked canvas never leaves the page. */
const suite = fidelitySuite();

/**
 * The image the mirror shows for a canvas: the replay runs no scripts, so a canvas paints its fallback
 * content there, and the visitor's image is its background.
 */
const mirroredImage = (pair: Pair, selector: string) =>
  pair
    .mirror()
    .locator(selector)
    .evaluate((canvas) => getComputedStyle(canvas).backgroundImage);

test("a 2D canvas is shown as the visitor sees it, and follows its changes; a masked one never leaves", async ({ browser }) => {
  await setTeam(suite.live.api, { canvas_capture_enabled: true });
  const pair = await openPair(browser, suite, "canvas.html", { ready: "#chart" });
  await expect.poll(() => mirroredImage(pair, "#chart")).toMatch(/^url\("data:image\/png;base64,/);
  const difference = await pixelDifference(pair, test.info().outputPath("canvas-diff.png"));
  console.log(`canvas: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.01);

  // A change to the chart reaches the agent within the frame rate, as an image.
  const sent: string[] = [];
  pair.visitor.on("request", (request) => {
    if (request.url().endsWith("/collect/live/events")) sent.push(request.postData() ?? "");
  });
  const before = await mirroredImage(pair, "#chart");
  const changed = Date.now();
  await pair.visitor.evaluate(() => {
    const page = window as unknown as { bars: number[]; drawChart: () => void };
    page.bars.push(170);
    page.drawChart();
  });
  await expect.poll(() => mirroredImage(pair, "#chart")).not.toBe(before);
  console.log(`canvas: change shown within ${Date.now() - changed} ms`);
  expect(await pixelDifference(pair)).toBeLessThan(0.01);

  // The masked signature pad: an empty box in the mirror (its id, like all it holds, stays on the page);
  // an image of it would be its background.
  await expect(pair.mirror().locator("canvas.no-cobrowse")).toHaveCount(1);
  expect(await mirroredImage(pair, "canvas.no-cobrowse")).toBe("none");
  // Images go only when the canvas changed: one for the change above, none while it stays the same.
  await pair.agent.waitForTimeout(1_000);
  expect(sent.join("\n").match(/"tag":"tandem-canvas"/g) ?? []).toHaveLength(1);
  await pair.close();
});

test("with canvases turned off for the team, none is sent", async ({ browser }) => {
  await setTeam(suite.live.api, { canvas_capture_enabled: false });
  const pair = await openPair(browser, suite, "canvas.html", { ready: "#chart" });
  await pair.agent.waitForTimeout(1_000);
  expect(await mirroredImage(pair, "#chart")).toBe("none");
  await pair.close();
  await setTeam(suite.live.api, { canvas_capture_enabled: true });
});
