import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, pixelDifference } from "./support/fidelity";

/** A video without controls: the agent sees the frame the visitor sees, with no controls drawn over it. */
const suite = fidelitySuite();

const loaded = "#clip";

test("a video without controls looks the same in the mirror, which runs no script", async ({ browser }) => {
  const pair = await openPair(browser, suite, "video.html", {
    ready: loaded,
    beforeAgent: (visitor) => expect.poll(() => visitor.locator(loaded).evaluate((video) => (video as HTMLVideoElement).readyState)).toBeGreaterThanOrEqual(2),
  });
  const mirrored = pair.mirror().locator("#clip");
  await expect.poll(() => mirrored.evaluate((video) => (video as HTMLVideoElement).readyState)).toBeGreaterThanOrEqual(2);
  expect(await mirrored.evaluate((video) => video.hasAttribute("controls"))).toBe(false);
  const difference = await pixelDifference(pair, test.info().outputPath("video-diff.png"));
  console.log(`video: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.01);
  // The replay stays sandboxed: no script may run in it.
  expect(await pair.agent.locator("[data-testid=replay-root] iframe").getAttribute("sandbox")).toBe("allow-same-origin");
  await pair.close();
});
