import type { Page } from "@playwright/test";
import { publicKey, setTeam } from "../support/api";
import { expect, test } from "../support/fixtures";
import { mirrorHtml } from "../live/live-helpers";
import { startCustomerSite, type CustomerSite } from "./support/customer-site";
import { fidelitySuite, mirrorDelay, openPair, pixelDifference } from "./support/fidelity";

/**
 * Frames: one visitor per tab. A same-origin frame that runs the snippet is part of its page's visitor;
 * a cross-origin frame of a listed site (`frame_origins`) is composed into its page's mirror through the
 * frame bridge, masked inside the frame; any other cross-origin frame is a labelled placeholder.
 */
const suite = fidelitySuite({ masking_selectors: [".iban"] });
/** The payment and map site (listed), and an advertiser's (not listed): origins of their own. */
let frames: CustomerSite;
let advertiser: CustomerSite;

test.beforeAll(async () => {
  const key = await publicKey(suite.live.api);
  frames = await startCustomerSite(suite.live.server.url, key);
  advertiser = await startCustomerSite(suite.live.server.url, key);
  await setTeam(suite.live.api, { frame_origins: [suite.site.origin, frames.origin] });
});
test.afterAll(async () => {
  await frames?.close();
  await advertiser?.close();
});

/** The script's calls to the service from one document, by path (Resource Timing sees cross-origin fetches too). */
async function calls(page: Page, frameSelector?: string): Promise<string[]> {
  const frame = frameSelector ? await (await page.locator(frameSelector).elementHandle())!.contentFrame() : page.mainFrame();
  return frame!.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));
}
const count = (paths: string[], path: string) => paths.filter((candidate) => candidate === path).length;
const storedVisitor = (page: Page) => page.evaluate(() => localStorage.getItem("tandem.visitor"));

test("a same-origin frame that runs the snippet joins its page's visitor and session", async ({ browser }) => {
  const pair = await openPair(browser, suite, "frames-same-origin.html", { ready: "#checkout" });
  const stored = await storedVisitor(pair.visitor);
  const frame = pair.visitor.frameLocator("#checkout");
  await expect(frame.locator("#step")).toBeVisible();
  await expect(pair.visitor.locator("[data-tandem-bar]")).toHaveCount(1);

  // The agent sees the page with the frame inside it, as the visitor does.
  await expect(pair.mirror().frameLocator("#checkout").locator("#step")).toHaveText("Step 2 of 3: delivery address");
  const difference = await pixelDifference(pair, test.info().outputPath("frames-same-origin-diff.png"));
  console.log(`same-origin frame: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.01);
  const delay = await mirrorDelay(
    pair,
    (visitor) =>
      visitor
        .frameLocator("#checkout")
        .locator("#step")
        .evaluate((step) => step.insertAdjacentHTML("afterend", '<p id="step-3">Step 3 of 3</p>')),
    { selector: "#checkout" },
  );
  await expect(pair.mirror().frameLocator("#checkout").locator("#step-3")).toBeVisible();
  console.log(`same-origin frame: change shown within ${delay} ms`);

  // The frame registered nothing, stored nothing, opened no stream, shows no bar; its Tandem is the page's.
  const framed = await calls(pair.visitor, "#checkout");
  expect(count(framed, "/collect/register") + count(framed, "/collect/live/stream") + count(framed, "/collect/live/events")).toBe(0);
  expect(count(await calls(pair.visitor), "/collect/register")).toBe(1);
  expect(await storedVisitor(pair.visitor)).toBe(stored);
  await expect(frame.locator("[data-tandem-bar], [data-tandem-consent]")).toHaveCount(0);
  expect(await pair.visitor.locator("#checkout").evaluate((iframe) => (iframe as HTMLIFrameElement).contentWindow!.Tandem === window.Tandem)).toBe(true);
  await pair.close();
});

test("on a first visit, a same-origin frame does not take or overwrite the tab's stored visitor", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(suite.site.url("frames-same-origin.html"));
  await expect.poll(() => storedVisitor(page)).not.toBeNull();
  const first = await storedVisitor(page);
  await expect(page.frameLocator("#checkout").locator("#step")).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(await storedVisitor(page)).toBe(first);
  expect(count(await calls(page, "#checkout"), "/collect/register")).toBe(0);
  await context.close();
});

test("a cross-origin frame of a listed site is shown inside its page, masked inside the frame", async ({ browser }) => {
  const pair = await openPair(browser, suite, `frames-cross-origin.html?frames=${encodeURIComponent(frames.origin)}`, { ready: "#payment" });
  const payment = pair.mirror().frameLocator("#payment");
  await expect(payment.locator("#amount")).toHaveText("Amount due: 42.00 EUR");
  // Masked by the frame's own rules (the class, the team's selector) before anything left the frame.
  const mirrored = await mirrorHtml(pair.agent);
  expect(mirrored).not.toContain("4242");
  expect(mirrored).not.toContain("DE89");
  // The frame asked for its settings, registered no visitor and shows no bar.
  const framed = await calls(pair.visitor, "#payment");
  expect([count(framed, "/collect/frame"), count(framed, "/collect/register"), count(framed, "/collect/live/events")]).toEqual([1, 0, 0]);
  await expect(pair.visitor.locator("[data-tandem-bar]")).toHaveCount(1);
  await expect(pair.visitor.frameLocator("#payment").locator("[data-tandem-bar]")).toHaveCount(0);

  const delay = await mirrorDelay(
    pair,
    (visitor) =>
      visitor
        .frameLocator("#payment")
        .locator("#amount")
        .evaluate((amount) => amount.insertAdjacentHTML("afterend", '<p id="paid">Paid</p>')),
    { selector: "#payment" },
  );
  await expect(payment.locator("#paid")).toHaveText("Paid");
  console.log(`cross-origin frame: change shown within ${delay} ms`);
  // Without the line the team's selector masks (an empty box in the mirror), the two look the same.
  await pair.visitor
    .frameLocator("#payment")
    .locator("#iban")
    .evaluate((line) => line.remove());
  await expect(payment.locator(".iban")).toHaveCount(0);
  const difference = await pixelDifference(pair, test.info().outputPath("frames-cross-origin-diff.png"));
  console.log(`cross-origin frame: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.01);
  await pair.close();
});

test("another site's frame is a labelled placeholder of its size, and a frame forging the bridge's messages is ignored", async ({ browser }) => {
  const query = `frames=${encodeURIComponent(frames.origin)}&advert=${encodeURIComponent(advertiser.origin)}`;
  const pair = await openPair(browser, suite, `frames-placeholder.html?${query}`, {
    ready: "#advert",
    beforeAgent: (visitor) => expect(visitor.frameLocator("#advert").getByText("An advert")).toBeVisible(),
  });
  for (const id of ["#map", "#advert"]) {
    const frame = pair.mirror().locator(id);
    await expect(frame).toHaveAttribute("data-tandem-frame-unavailable", "");
    expect(await frame.evaluate((element) => [element.clientWidth, element.clientHeight, getComputedStyle(element).backgroundImage.includes("svg")])).toEqual([
      420,
      150,
      true,
    ]);
  }
  // The advert posted a forged recording ten times a second, under its own origin and a listed one.
  await pair.agent.waitForTimeout(1_500);
  expect(await mirrorHtml(pair.agent)).not.toContain("FORGED");
  await pair.close();
});

test("a listed site's frame inside a page of another site sends that page nothing and is a visitor of its own", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(advertiser.url(`frames-framing-page.html?frames=${encodeURIComponent(frames.origin)}`));
  await expect(page.frameLocator("#payment").locator("#amount")).toBeVisible();
  await expect.poll(async () => count(await calls(page, "#payment").catch(() => []), "/collect/register")).toBe(1);
  await page.waitForTimeout(1_000);
  // The page asked the frame to join and record, ten times a second: the frame never answered.
  expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
  await context.close();
});
