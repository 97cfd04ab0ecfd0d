import { publicKey } from "../support/api";
import { startEmbeddingSite } from "../support/embedding-site";
import { expect, test } from "../support/fixtures";
import { createWatchLink, liveServer, openAgent } from "./live-helpers";

const live = liveServer({ require_authorization: true });
let site: Awaited<ReturnType<typeof startEmbeddingSite>>;

/** A customer's page whose CSS reaches every element it can, with !important, as a careless or hostile site's might. */
const HOSTILE_CSS = `*, *::before, *::after { margin: 0 !important; padding: 0 !important; border: 0 !important; color: #f0f !important;
  background: #ff0 !important; font-size: 40px !important; text-transform: uppercase !important; letter-spacing: 9px !important;
  position: static !important; inset: auto !important; transform: none !important; width: auto !important; max-width: none !important;
  opacity: .5 !important; text-align: right !important; }
dialog { top: 0 !important; left: 0 !important; display: block !important; }
button { display: none !important; }
dialog::backdrop { display: none !important; }`;

test.beforeAll(async () => {
  const key = await publicKey(live.api);
  site = await startEmbeddingSite(
    () => `<!doctype html><html lang="en"><head><title>Loud shop</title><style>${HOSTILE_CSS}</style></head>
      <body><h1>Loud shop</h1><label>Search <input id="search"></label>
      <script src="${live.server.url}/cobrowse.js" data-public-key="${key}" async></script></body></html>`,
  );
});
test.afterAll(async () => {
  await site?.close();
});

test("the consent prompt is a centred, labelled modal dialog the page's CSS cannot undo; it takes focus, Escape declines, focus returns", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(`${site.origin}/shop`);
  const read = () => page.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId as string | undefined);
  await expect.poll(read).toMatch(/^[A-Z2-9]{8}$/);
  await page.locator("#search").focus();

  const agentView = await openAgent(browser, await createWatchLink(live.api, (await read())!));
  const prompt = page.getByRole("dialog", { name: "Alice Agent wants to see this page" });
  await expect(prompt).toBeVisible();
  await expect(prompt).toHaveAccessibleDescription(/They will see this page/);
  await expect(prompt.getByRole("button", { name: "Accept" })).toBeFocused();
  await expect(prompt.getByRole("button", { name: "Decline" })).toBeVisible();

  // Centred in the viewport, whatever the page says about margins and positions.
  const box = (await prompt.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThanOrEqual(1);
  expect(Math.abs(box.y + box.height / 2 - 360)).toBeLessThanOrEqual(1);
  expect(box.width).toBeLessThanOrEqual(420);
  // Its own look: dark text on white, its own type, fully opaque.
  const look = await prompt.evaluate((dialog) => {
    const title = getComputedStyle(dialog.querySelector("h2")!);
    const own = getComputedStyle(dialog);
    return { color: title.color, size: title.fontSize, transform: title.textTransform, background: own.backgroundColor, opacity: own.opacity };
  });
  expect(look).toEqual({ color: "rgb(24, 24, 27)", size: "17px", transform: "none", background: "rgb(255, 255, 255)", opacity: "1" });

  // Escape declines, as the Decline button does, and focus goes back where the visitor was.
  await page.keyboard.press("Escape");
  await expect(prompt).toHaveCount(0);
  await expect(page.locator("#search")).toBeFocused();
  await expect(agentView.page.getByTestId("session-ended")).toContainText("The visitor declined the session.");
  await agentView.close();
  await context.close();
});
