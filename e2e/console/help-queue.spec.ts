import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { apiClient, leave, publicKey, registerVisitor, type TestVisitor } from "../support/api";
import { startEmbeddingSite } from "../support/embedding-site";
import { demoUser, expect, signInAs, test, type DemoUser } from "../support/fixtures";

let api: APIRequestContext;
let site: Awaited<ReturnType<typeof startEmbeddingSite>>;
test.beforeAll(async () => {
  api = await apiClient();
  const key = await publicKey(api);
  // A customer's page on its own origin, with the ready-made help button turned on.
  site = await startEmbeddingSite(
    () => `<!doctype html><html lang="en"><title>Billing help</title><h1>Billing</h1>
      <script src="${process.env.E2E_BASE_URL}/cobrowse.js" data-public-key="${key}" data-help-button async></script>`,
  );
});
test.afterAll(async () => {
  await site?.close();
  await api?.dispose();
});

const askForHelp = (visitor: TestVisitor, waiting = true) => api.post("/collect/help", { data: { waiting }, headers: visitor.headers });
const queueItem = (page: Page, visitorId: string) => page.locator(`li[data-help-request="${visitorId}"]`);
/** The visitor's id, once the script's registration has answered. */
async function registeredId(page: Page): Promise<string> {
  const read = () => page.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId as string | undefined);
  await expect.poll(read).toMatch(/^[A-Z2-9]{8}$/);
  return (await read())!;
}
const queue = (page: Page) => page.getByRole("list", { name: "Visitors asking for help, oldest first" });

async function agentPage(browser: Browser, user: DemoUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await signInAs(page, user);
  await page.goto("/visitors");
  return page;
}

test("a visitor asks for help: two agents see it at the top, one takes it, the other sees it taken, and the session clears it", async ({ browser }) => {
  test.setTimeout(120_000);
  const sam = await agentPage(browser, demoUser("agent"));
  const priya = await agentPage(browser, demoUser("lead"));

  // The visitor presses the site's ready-made button.
  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto(`${site.origin}/billing`);
  await visitorPage.getByRole("button", { name: "Ask for help" }).click();
  await expect(visitorPage.getByRole("button", { name: "Cancel help request" })).toBeVisible();
  await expect(visitorPage.getByRole("status")).toHaveText("Help requested: an agent will join you shortly.");
  const visitorId = await registeredId(visitorPage);

  // A second visitor asks later, through Tandem.requestHelp's endpoint: it queues behind the first.
  const later = await registerVisitor(api, { identity: { callName: "Later Lou" } });
  await expect(queueItem(sam, visitorId)).toBeVisible({ timeout: 15_000 });
  await askForHelp(later);

  for (const page of [sam, priya]) {
    await expect(queueItem(page, later.visitorId)).toBeVisible({ timeout: 15_000 });
    const ids = await queue(page)
      .locator("li")
      .evaluateAll((items) => items.map((item) => item.getAttribute("data-help-request")));
    expect(ids.indexOf(visitorId)).toBeLessThan(ids.indexOf(later.visitorId));
    await expect(queueItem(page, visitorId)).toContainText("Billing help");
    // The navigation counts them.
    await expect(page.getByRole("navigation", { name: "Console" }).getByTestId("help-queue-count")).toHaveText(new RegExp(`^${ids.length}`));
  }

  // Sam takes it: one click claims it and opens the co-browse; the session starts and the request leaves
  // both queues; the visitor's button hides.
  await queueItem(sam, visitorId)
    .getByRole("button", { name: /^Take the request of .* and co-browse$/ })
    .click();
  await expect(sam).toHaveURL(/\/watch\//);
  await expect(queueItem(priya, visitorId)).toHaveCount(0, { timeout: 15_000 });
  await expect(visitorPage.getByRole("button", { name: "Cancel help request" })).toBeHidden();

  // The other visitor takes the request back: gone too.
  await askForHelp(later, false);
  await expect(queueItem(priya, later.visitorId)).toHaveCount(0, { timeout: 15_000 });

  // The claim was audited.
  await priya.goto("/audit");
  await expect(priya.getByRole("main")).toContainText("Help request taken");

  await leave(api, later);
  await visitorContext.close();
  await sam.context().close();
  await priya.context().close();
});

test("a visitor who leaves the page leaves the queue; a new page of the same tab asks again in the same place", async ({ browser, page }) => {
  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto(`${site.origin}/one`);
  await visitorPage.getByRole("button", { name: "Ask for help" }).click();
  const visitorId = await registeredId(visitorPage);
  await signInAs(page, demoUser("admin"));
  await page.goto("/visitors");
  await expect(queueItem(page, visitorId)).toBeVisible({ timeout: 15_000 });
  const askedAt = await queueItem(page, visitorId).locator("time").getAttribute("datetime");

  // Another page of the site in the same tab: still asking, same place.
  await visitorPage.goto(`${site.origin}/two`);
  await expect(visitorPage.getByRole("button", { name: "Cancel help request" })).toBeVisible();
  await expect.poll(async () => (await api.get(`/v1.3/visitors/${visitorId}`).then((r) => r.json())).visitor.is_waiting_for_call).toBe(true);
  await expect(queueItem(page, visitorId).locator("time").first()).toHaveAttribute("datetime", askedAt!);

  await visitorContext.close();
  await expect(queueItem(page, visitorId)).toHaveCount(0, { timeout: 15_000 });
});

test("each agent chooses whether a new request rings and notifies, and the choice stays", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await context.grantPermissions(["notifications"], { origin: process.env.E2E_BASE_URL });
  // Record the real Notification and Web Audio calls the console makes.
  await context.addInitScript(() => {
    const record = window as unknown as { __notifications: string[]; __tones: number };
    record.__notifications = [];
    record.__tones = 0;
    const Real = window.Notification;
    window.Notification = new Proxy(Real, {
      construct(target, args: [string, NotificationOptions?]) {
        record.__notifications.push(args[0]);
        return new target(...args);
      },
    });
    const createOscillator = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      record.__tones += 1;
      return createOscillator.call(this);
    };
  });
  const page = await context.newPage();
  const user = demoUser("admin");
  await signInAs(page, user);
  await page.goto("/visitors");
  const toggle = page.getByRole("checkbox", { name: "Sound and notification for new requests" });
  await expect(toggle).toBeChecked();
  const notifications = () => page.evaluate(() => (window as unknown as { __notifications: string[] }).__notifications);
  const tones = () => page.evaluate(() => (window as unknown as { __tones: number }).__tones);

  const first = await registerVisitor(api, { identity: { callName: "Ringing Rita" } });
  await askForHelp(first);
  await expect.poll(notifications, { timeout: 15_000 }).toContain("Ringing Rita asks for help");
  expect(await tones()).toBeGreaterThan(0);

  // A click, then the state: the box changes as React commits the click, a moment after it.
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  const tonesBefore = await tones();
  const second = await registerVisitor(api, { identity: { callName: "Quiet Quinn" } });
  await askForHelp(second);
  await expect(queueItem(page, second.visitorId)).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(1_000);
  expect(await notifications()).not.toContain("Quiet Quinn asks for help");
  expect(await tones()).toBe(tonesBefore);

  // The choice is the user's, kept on the server.
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Sound and notification for new requests" })).not.toBeChecked();
  await page.getByRole("checkbox", { name: "Sound and notification for new requests" }).click();
  await expect(page.getByRole("checkbox", { name: "Sound and notification for new requests" })).toBeChecked();

  await leave(api, first);
  await leave(api, second);
  await context.close();
});
