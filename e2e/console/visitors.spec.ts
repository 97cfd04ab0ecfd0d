import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, Request } from "@playwright/test";
import { apiClient, leave, registerVisitor, uniqueTag } from "../support/api";
import { demoUser, expect, signInAs, test } from "../support/fixtures";
import { visitorRow } from "./visitor-rows";

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await apiClient();
});
test.afterAll(async () => {
  await api?.dispose();
});

test("an agent finds a visitor with search tokens, reads its history and co-browses", async ({ page }) => {
  const tag = uniqueTag("story");
  const visitor = await registerVisitor(api, { identity: { tags: [tag], callName: "Story Visitor", identities: ["story@example.com"] } });
  await signInAs(page, demoUser("agent"));

  await page.goto("/visitors");
  // Typed at once, whether or not the list's live part has loaded yet: the text is kept and searched.
  await page.getByLabel("Search visitors").fill(`${tag} online`);
  await expect(page).toHaveURL((url) => url.searchParams.get("search") === `${tag} online`);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(visitorRow(page, visitor)).toContainText("Story Visitor");
  await expect(visitorRow(page, visitor).getByTestId("online-state")).toHaveText("Online");

  // The query lives in the URL: a reload shows the same search, rendered by the server.
  await page.reload();
  await expect(page.getByLabel("Search visitors")).toHaveValue(`${tag} online`);
  await expect(visitorRow(page, visitor)).toBeVisible();

  // The offline filter adds -online: this online visitor is not listed.
  await page.getByText("Offline", { exact: true }).click();
  await expect(page).toHaveURL(/status=offline/);
  await expect(page.getByText("No visitor matches this search")).toBeVisible();
  await page.getByText("All", { exact: true }).click();
  await expect(visitorRow(page, visitor)).toBeVisible();

  await visitorRow(page, visitor).getByRole("link", { name: "Story Visitor" }).click();
  await expect(page).toHaveURL(`/visitors/${visitor.visitorId}`);
  await expect(page.getByRole("heading", { name: "Story Visitor" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Pages viewed" })).toContainText("Checkout");
  await expect(page.getByText(visitor.lookupCode, { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Co-browse", exact: true }).click();
  await expect(page).toHaveURL(/\/watch\//);
  await expect(page.getByRole("heading", { name: "Session with Story Visitor" })).toBeVisible();
  await leave(api, visitor);
});

test("the online badge turns to offline by itself when the visitor leaves", async ({ page }) => {
  const tag = uniqueTag("story");
  const visitor = await registerVisitor(api, { identity: { tags: [tag] } });
  await signInAs(page, demoUser("agent"));
  await page.goto(`/visitors?search=${encodeURIComponent(tag)}`);
  await expect(visitorRow(page, visitor).getByTestId("online-state")).toHaveText("Online");
  // A marker on the window proves the page was not reloaded.
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
  await leave(api, visitor);
  await expect(visitorRow(page, visitor).getByTestId("online-state")).toHaveText("Offline", { timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
});

/**
 * Ctrl+K opens the palette once the page is interactive: a press that lands while the page still
 * hydrates (slow machines) is repeated, never one that already opened it.
 */
async function openPalette(page: Page) {
  const input = page.getByRole("combobox", { name: "Visitor id, lookup code, search or page" });
  await expect(async () => {
    if (!(await input.isVisible())) await page.keyboard.press("Control+k");
    await expect(input).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return input;
}

test("the command palette jumps to a visitor by lookup code and by id", async ({ page }) => {
  const visitor = await registerVisitor(api);
  await signInAs(page, demoUser("agent"));
  await page.goto("/usage");

  const input = await openPalette(page);
  await input.fill(visitor.lookupCode);
  await input.press("Enter");
  await expect(page).toHaveURL(`/visitors?search=${visitor.lookupCode}`);
  await expect(visitorRow(page, visitor)).toBeVisible();
  await expect(page.getByLabel("Search visitors")).toHaveValue(visitor.lookupCode);

  await openPalette(page);
  await input.fill(visitor.visitorId);
  await input.press("Enter");
  await expect(page).toHaveURL(`/visitors/${visitor.visitorId}`);

  // Pages the role allows, and only those.
  await openPalette(page);
  await input.fill("");
  await expect(page.getByRole("option", { name: "Usage" })).toBeVisible();
  await expect(page.getByRole("option", { name: "Settings" })).toHaveCount(0);
  await input.fill("usa");
  await input.press("Enter");
  await expect(page).toHaveURL("/usage");
  await leave(api, visitor);
});

test("the command palette opens with the focus in its input, and Escape gives the focus back", async ({ page }) => {
  await signInAs(page, demoUser("agent"));
  await page.goto("/usage");
  const visitorsLink = page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Visitors" });
  await visitorsLink.focus();

  const input = await openPalette(page);
  await expect(input).toBeFocused();
  // Typed straight away, without clicking into the input.
  await page.keyboard.type("audi");
  await expect(input).toHaveValue("audi");
  await page.keyboard.press("Escape");
  await expect(input).toBeHidden();
  await expect(visitorsLink).toBeFocused();

  // Opened again, it starts empty and focused once more.
  await openPalette(page);
  await expect(input).toBeFocused();
  await expect(input).toHaveValue("");
});

test("Co-browse and whether the visitor's page is open come first at every width, and the presence keeps itself current", async ({ page }) => {
  const visitor = await registerVisitor(api, { identity: { callName: "Presence Visitor", tags: [uniqueTag("story")] } });
  await signInAs(page, demoUser("agent"));
  const actions = page.getByRole("region", { name: "Actions" });
  for (const [width, height] of [
    [768, 1024],
    [390, 844],
    [1440, 900],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`/visitors/${visitor.visitorId}`);
    // On the first screen, without scrolling, next to whether the visitor's page is connected.
    await expect(actions.getByRole("button", { name: "Co-browse", exact: true }), `${width} px`).toBeInViewport();
    await expect(actions.getByTestId("visitor-presence"), `${width} px`).toHaveText("Online");
    await expect(actions.getByTestId("visitor-presence"), `${width} px`).toBeInViewport();
  }

  // The visitor leaves: the page says so by itself, before anyone presses Co-browse.
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
  await leave(api, visitor);
  await expect(actions.getByTestId("visitor-presence")).toHaveText("Offline", { timeout: 15_000 });
  await expect(actions).toContainText("Co-browse waits until they come back");
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
});

test("a visitor's details are labelled in words an agent uses, not the API's field names", async ({ page }) => {
  const visitor = await registerVisitor(api, { identity: { callName: "Worded Visitor", tags: [uniqueTag("story")] } });
  await signInAs(page, demoUser("agent"));
  await page.goto(`/visitors/${visitor.visitorId}`);
  const details = page.getByRole("region", { name: "Details" });
  await expect(details).toContainText("Worded Visitor");
  const labels = await details.locator("dt").allInnerTexts();
  for (const apiWord of ["Call name", "Configured by script", "Unique id", "Integration ids", "Last URL", "Public key", "Id"]) {
    expect(labels, apiWord).not.toContain(apiWord);
  }
  expect(labels).toContain("Name shown to agents");
  expect(labels).toContain("Details sent by your site");
  await leave(api, visitor);
});

/** axe-core in the light theme, then in the dark one (the `dark` class the theme toggle sets). */
async function expectNoAxeViolations(page: Page) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    expect((await new AxeBuilder({ page }).analyze()).violations, `${theme} theme`).toEqual([]);
  }
}

test("an agent sees neither Delete nor Purge, and the pages have no accessibility violations", async ({ page }) => {
  test.setTimeout(120_000); // six axe-core passes
  const visitor = await registerVisitor(api, { identity: { callName: "Axe Visitor", tags: [uniqueTag("story")] } });
  await signInAs(page, demoUser("agent"));

  await page.goto("/visitors");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Purge offline visitors" })).toHaveCount(0);
  await page.getByRole("button", { name: "Search help" }).click();
  await expect(page.getByRole("region", { name: "Search tokens" })).toContainText("integration_id:acmechat:1234");
  await expectNoAxeViolations(page);

  await page.goto(`/visitors/${visitor.visitorId}`);
  await expect(page.getByRole("button", { name: "Co-browse", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete visitor" })).toHaveCount(0);
  await page.getByRole("button", { name: "Co-browse options" }).click();
  await expect(page.getByRole("checkbox", { name: "Redirect and reload the visitor’s page" })).toBeChecked();
  await expectNoAxeViolations(page);

  await openPalette(page);
  await expectNoAxeViolations(page);
  await leave(api, visitor);
});

test("when the console can't reach the API, the table says so, keeps the last answer and recovers", async ({ page }) => {
  const visitor = await registerVisitor(api, { identity: { tags: [uniqueTag("story")] } });
  await signInAs(page, demoUser("agent"));
  await page.goto("/visitors");
  await expect(visitorRow(page, visitor)).toBeVisible();

  // The browser's polling goes through the console's route handler; it answers 502 while the API is down.
  await page.route("**/api/console/visitors**", (route) =>
    route.fulfill({ status: 502, json: { status: "error", error: "unavailable", message: "The co-browsing API did not answer. Try again in a moment." } }),
  );
  const failure = page.getByRole("alert").filter({ hasText: "Refreshing failed" });
  await expect(failure).toContainText("The co-browsing API did not answer.");
  await expect(visitorRow(page, visitor)).toBeVisible();

  await page.unroute("**/api/console/visitors**");
  await expect(failure).toHaveCount(0, { timeout: 15_000 });
  await leave(api, visitor);
});

test("an admin can't delete an online visitor, and a deleted visitor no longer exists", async ({ page }) => {
  const visitor = await registerVisitor(api);
  await signInAs(page, demoUser("admin"));
  await page.goto(`/visitors/${visitor.visitorId}`);

  await page.getByRole("button", { name: "Delete visitor" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this visitor?" });
  await dialog.getByRole("button", { name: "Delete visitor" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The visitor is online and can't be deleted.");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await leave(api, visitor);
  await page.getByRole("button", { name: "Delete visitor" }).click();
  await dialog.getByRole("button", { name: "Delete visitor" }).click();
  await expect(page).toHaveURL(`/visitors?deleted=${visitor.visitorId}`);
  await expect(page.getByText(`Visitor ${visitor.visitorId} was deleted.`)).toBeVisible();

  await page.goto(`/visitors/${visitor.visitorId}`);
  await expect(page.getByText("This visitor no longer exists")).toBeVisible();
});

/**
 * The admin's browser sends a server action; it is stopped before it reaches the server, so nothing is
 * deleted, and kept so that others can replay it.
 */
async function captureAction(page: Page, trigger: () => Promise<void>): Promise<Request> {
  let captured: Request | undefined;
  await page.route(
    (url) => url.pathname.startsWith("/visitors"),
    async (route) => {
      if (route.request().method() === "POST" && route.request().headers()["next-action"]) {
        captured = route.request();
        await route.abort();
      } else await route.continue();
    },
  );
  await trigger();
  await expect.poll(() => captured !== undefined).toBe(true);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  return captured!;
}

/** Sends a captured server action again, from another session. */
function replay(request: APIRequestContext, action: Request) {
  const headers = action.headers();
  return request.post(action.url(), {
    headers: { "next-action": headers["next-action"], "content-type": headers["content-type"], accept: "text/x-component" },
    data: action.postData() ?? "",
    maxRedirects: 0,
  });
}

test("the server refuses Delete and Purge to an agent who replays the admin's requests", async ({ page, browser }) => {
  const visitor = await registerVisitor(api);
  await leave(api, visitor);
  await signInAs(page, demoUser("admin"));

  await page.goto(`/visitors/${visitor.visitorId}`);
  const remove = await captureAction(page, async () => {
    await page.getByRole("button", { name: "Delete visitor" }).click();
    await page.getByRole("dialog", { name: "Delete this visitor?" }).getByRole("button", { name: "Delete visitor" }).click();
  });
  await page.goto("/visitors");
  const purge = await captureAction(page, async () => {
    await page.getByRole("button", { name: "Purge offline visitors" }).click();
    const dialog = page.getByRole("dialog", { name: "Purge offline visitors" });
    await dialog.getByLabel("Confirmation").fill("PURGE");
    await dialog.getByRole("button", { name: "Purge", exact: true }).click();
  });

  // Replayed from an agent's session (proxy.ts lets agents through: the action's own check must refuse).
  const agent = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signInAs(await agent.newPage(), demoUser("agent"));
  for (const action of [remove, purge]) {
    const response = await replay(agent.request, action);
    expect(response.status()).toBe(200);
    expect(await response.text(), `replaying ${action.url()}`).toContain("Your role does not allow this.");
  }
  // Nothing was deleted: the offline visitor is still there.
  expect((await api.get(`/v1.3/visitors/${visitor.visitorId}`)).status()).toBe(200);
  await agent.close();

  // The same request from the admin's session does delete: the replay itself is sound.
  await replay(page.request, remove);
  expect((await api.get(`/v1.3/visitors/${visitor.visitorId}`)).status()).toBe(404);
});
