import path from "node:path";
import { publicKey, setTeam } from "../support/api";
import { expect, test } from "../support/fixtures";
import { startCustomerSite, type CustomerSite } from "../fidelity/support/customer-site";
import { agentPoint, fidelitySuite, openPair, pixelDifference } from "../fidelity/support/fidelity";

/**
 * TodoMVC (`todomvc`) served by another site in a frame that runs the snippet too; a Tabulator grid
 * (`tabulator-tables`) whose rows are highlighted under the mouse by CSS `:hover`, and an icon of the
 * page's own SVG sprite referenced through the page's URL, as pages with a `<base>` reference them.
 */
const PAGES = path.resolve("e2e", "apps", "pages");
const suite = fidelitySuite({}, PAGES);
let apps: CustomerSite;

test.beforeAll(async () => {
  apps = await startCustomerSite(suite.live.server.url, await publicKey(suite.live.api), PAGES);
  await setTeam(suite.live.api, { frame_origins: [suite.site.origin, apps.origin] });
});
test.afterAll(async () => {
  await apps?.close();
});

test("the agent clicks and types into an app of another site in a frame", async ({ browser }) => {
  const app = `${apps.origin}/node_modules/todomvc/examples/vanillajs/index.html`;
  const pair = await openPair(browser, suite, `frame-host.html?app=${encodeURIComponent(app)}`, { ready: "#app" });
  const frame = pair.visitor.frameLocator("#app");
  await expect(pair.mirror().frameLocator("#app").locator("#new-todo")).toBeAttached();
  const box = (await frame.locator("#new-todo").boundingBox())!;
  const point = await agentPoint(pair, box.x + box.width / 2, box.y + box.height / 2);
  await pair.agent.mouse.click(point.x, point.y);
  await expect(frame.locator("#new-todo")).toBeFocused();
  await pair.agent.keyboard.type("Buy milk");
  await pair.agent.keyboard.press("Enter");
  await expect(frame.locator("#todo-list li label")).toHaveText(["Buy milk"]);
  await expect(pair.mirror().frameLocator("#app").locator("#todo-list li label")).toHaveText(["Buy milk"]);
  await pair.close();
});

test("the grid row under the visitor's mouse is highlighted in the mirror, and the sprite icon is drawn", async ({ browser }) => {
  const pair = await openPair(browser, suite, "grid-icons.html", { ready: ".tabulator-row" });
  await expect
    .poll(() =>
      pair
        .mirror()
        .locator("#page-icon use")
        .evaluate((use) => (use as SVGUseElement).getBBox().width),
    )
    .toBeGreaterThan(0);

  const row = (await pair.visitor.locator(".tabulator-row").nth(2).boundingBox())!;
  await pair.visitor.mouse.move(row.x + 40, row.y + row.height / 2);
  await expect(pair.mirror().locator(".tabulator-row").nth(2)).toHaveClass(/:hover/);
  const hovered = await pixelDifference(pair, test.info().outputPath("grid-hover-diff.png"));
  console.log(`Tabulator, a row hovered: ${(hovered * 100).toFixed(2)} % of pixels differ`);
  expect(hovered).toBeLessThan(0.001);

  // The visitor scrolls the grid with the wheel, the mouse still: another row is under it.
  await pair.visitor.mouse.wheel(0, 120);
  await expect.poll(() => pair.visitor.locator(".tabulator-tableholder").evaluate((holder) => holder.scrollTop)).toBeGreaterThan(100);
  await pair.visitor.waitForTimeout(500);
  const scrolled = await pixelDifference(pair, test.info().outputPath("grid-scrolled-diff.png"));
  console.log(`Tabulator, scrolled under the mouse: ${(scrolled * 100).toFixed(2)} % of pixels differ`);
  expect(scrolled).toBeLessThan(0.001);

  // The mouse leaves the page: nothing is highlighted any more.
  await pair.visitor.mouse.move(row.x + 40, -20);
  await pair.visitor.waitForTimeout(500);
  const left = await pixelDifference(pair, test.info().outputPath("grid-left-diff.png"));
  console.log(`Tabulator, the mouse gone: ${(left * 100).toFixed(2)} % of pixels differ`);
  expect(left).toBeLessThan(0.001);
  await pair.close();
});
