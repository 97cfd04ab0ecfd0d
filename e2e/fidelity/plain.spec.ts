import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, pixelDifference } from "./support/fidelity";

/** The suite's baseline: a page of layout and system fonts only looks the same to the agent. */
const suite = fidelitySuite();

test("a plain page looks the same in the agent's mirror", async ({ browser }) => {
  const pair = await openPair(browser, suite, "plain.html", { ready: "#title" });
  const difference = await pixelDifference(pair, test.info().outputPath("plain-diff.png"));
  console.log(`plain page: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.01);
  await pair.close();
});
