import { PNG } from "pngjs";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, mirrorScreenshot, openPair, visitorScreenshot } from "./support/fidelity";

/** The frame around the agent's mirror hides none of the visitor's viewport, up to its last pixels. */
const suite = fidelitySuite();
const BAND = 4;

test("the mirror shows the visitor's viewport to its right and bottom edges", async ({ browser }) => {
  const pair = await openPair(browser, suite, "edges.html", { ready: "#title" });
  const visitor = PNG.sync.read(await visitorScreenshot(pair.visitor));
  const mirror = PNG.sync.read(await mirrorScreenshot(pair.agent));
  const { width, height } = visitor;
  const differing: string[] = [];
  let band = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x >= BAND && y >= BAND && x < width - BAND && y < height - BAND) continue;
      band++;
      const at = (y * width + x) * 4;
      if ([0, 1, 2].some((channel) => Math.abs(visitor.data[at + channel] - mirror.data[at + channel]) > 8)) differing.push(`${x},${y}`);
    }
  }
  console.log(`viewport edges: ${differing.length} of the ${band} pixels of the ${BAND} px band differ`);
  expect(differing, "pixels (x,y) of the band that differ").toEqual([]);
  await pair.close();
});
