import { expect, test } from "../support/fixtures";
import { fidelitySuite, mirrorDelay, openPair, pixelDifference } from "./support/fidelity";

/** A component with a closed shadow root, attached after the snippet ran: recorded, replayed, and still closed on the visitor's page. */
const suite = fidelitySuite();

test("a closed shadow root is shown in the mirror and stays closed on the visitor's page", async ({ browser }) => {
  const pair = await openPair(browser, suite, "closed-shadow.html", { ready: "#tag" });
  // The page's own code still cannot reach into its closed root.
  expect(await pair.visitor.locator("#tag").evaluate((tag) => tag.shadowRoot)).toBeNull();
  await expect(pair.mirror().locator("#tag #price")).toHaveText("42.00 EUR");
  const difference = await pixelDifference(pair, test.info().outputPath("closed-shadow-diff.png"));
  console.log(`closed shadow root: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.01);

  // Changes inside the closed root reach the agent.
  const delay = await mirrorDelay(
    pair,
    (visitor) => visitor.locator("#tag").evaluate((tag) => (tag as HTMLElement & { setPrice: (text: string) => void }).setPrice("39.90 EUR")),
    { selector: "#tag" },
  );
  await expect(pair.mirror().locator("#tag #price")).toHaveText("39.90 EUR");
  console.log(`closed shadow root: change shown within ${delay} ms`);
  await pair.close();
});
