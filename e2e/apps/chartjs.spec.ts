import path from "node:path";
import { setTeam } from "../support/api";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, pixelDifference } from "../fidelity/support/fidelity";

/** Chart.js (`chart.js`): a chart drawn once at load, before the session started, is in the agent's mirror. */
const suite = fidelitySuite({ canvas_capture_enabled: true }, path.resolve("e2e", "apps", "pages"));

test("a Chart.js chart drawn before the session is shown to the agent as the visitor sees it", async ({ browser }) => {
  await setTeam(suite.live.api, { canvas_capture_enabled: true });
  const pair = await openPair(browser, suite, "chartjs.html", {
    ready: "#sales",
    // The chart is drawn (Chart.js sizes it to its holder first) before the agent starts watching.
    async beforeAgent(visitor) {
      await visitor.waitForFunction(() => (window as unknown as { Chart: { getChart: (id: string) => unknown } }).Chart.getChart("sales"));
    },
  });
  await expect
    .poll(() =>
      pair
        .mirror()
        .locator("#sales")
        .evaluate((canvas) => getComputedStyle(canvas).backgroundImage),
    )
    .toMatch(/^url\("data:image\/png;base64,/);
  const difference = await pixelDifference(pair, test.info().outputPath("chartjs-diff.png"));
  console.log(`Chart.js: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.001);
  await pair.close();
});
