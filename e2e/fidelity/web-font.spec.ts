import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, pixelDifference } from "./support/fidelity";

/**
 * Web fonts of the customer's origin, which (like most sites) sends no CORS headers for them: the
 * agent's browser may not use them from the watch page's origin, so the visitor's browser inlines them.
 */
const suite = fidelitySuite();
const FONT = "/fonts/geist-mono-latin.woff2";

test("a web font served without CORS renders in the mirror", async ({ browser }) => {
  const pair = await openPair(browser, suite, "web-font.html", { ready: "#title" });
  const difference = await pixelDifference(pair, test.info().outputPath("web-font-diff.png"));
  console.log(`web font without CORS: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.01);
  await pair.close();
});

test("the same font with CORS headers renders too", async ({ browser }) => {
  suite.site.setHeaders(FONT, { "access-control-allow-origin": "*" });
  const pair = await openPair(browser, suite, "web-font.html", { ready: "#title" });
  const difference = await pixelDifference(pair);
  console.log(`web font with CORS: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.01);
  await pair.close();
});
