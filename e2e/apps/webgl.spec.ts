import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, pixelDifference, type Pair } from "../fidelity/support/fidelity";

/**
 * WebGL: a three.js scene (drawn in a render loop) and a MapLibre map (a local style, no tiles from the
 * network; it draws when moved) reach the agent's mirror as images, as 2D canvases do; a canvas marked
 * `data-tandem-canvas="off"` is never read.
 */
const suite = fidelitySuite({ canvas_capture_enabled: true }, path.resolve("e2e", "apps", "pages"));

/** The mirror's canvas shows an image from the visitor (the replay paints it as the canvas's background). */
const mirroredImage = (pair: Pair) =>
  pair
    .mirror()
    .locator("canvas")
    .first()
    .evaluate((canvas) => getComputedStyle(canvas).backgroundImage);

async function expectMirrored(pair: Pair, name: string) {
  await expect.poll(() => mirroredImage(pair)).toMatch(/^url\("data:image\//);
  const difference = await pixelDifference(pair, test.info().outputPath(`${name}-diff.png`));
  console.log(`${name}: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.01);
}

test("a three.js scene is mirrored, and each new frame after it", async ({ browser }) => {
  const pair = await openPair(browser, suite, "three.html", {
    ready: "canvas",
    beforeAgent: async (visitor) => void (await visitor.waitForFunction(() => "turn" in window)),
  });
  await expectMirrored(pair, "three.js");
  const first = await mirroredImage(pair);
  await pair.visitor.evaluate(() => (window as unknown as { turn: (angle: number) => void }).turn(1.4));
  await expect.poll(() => mirroredImage(pair)).not.toBe(first);
  await expectMirrored(pair, "three.js, turned");
  await pair.close();
});

interface MapWindow {
  mapIdle?: boolean;
  map: { panBy: (by: [number, number], options: object) => void };
}
const idle = async (visitor: Page) => void (await visitor.waitForFunction(() => (window as unknown as MapWindow).mapIdle));
/** The visitor moves the map: it draws its new frames, then goes idle. */
async function pan(visitor: Page) {
  await visitor.evaluate(() => {
    const map = window as unknown as MapWindow;
    map.mapIdle = false;
    map.map.panBy([60, 20], { animate: false });
  });
  await idle(visitor);
}

test("a MapLibre map is mirrored; a canvas marked off is not read", async ({ browser }) => {
  const pair = await openPair(browser, suite, "maplibre.html", { ready: ".maplibregl-canvas", beforeAgent: idle });
  await pan(pair.visitor);
  await expectMirrored(pair, "MapLibre");
  await pair.close();

  const off = await openPair(browser, suite, "maplibre.html", {
    ready: ".maplibregl-canvas",
    beforeAgent: async (visitor) => {
      await idle(visitor);
      await visitor.locator(".maplibregl-canvas").evaluate((canvas) => canvas.setAttribute("data-tandem-canvas", "off"));
    },
  });
  await pan(off.visitor);
  await off.visitor.waitForTimeout(1_000);
  expect(await mirroredImage(off)).toBe("none");
  await off.close();
});
