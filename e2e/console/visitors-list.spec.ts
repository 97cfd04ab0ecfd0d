import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { apiClient, leave, registerVisitor, uniqueTag, type TestVisitor } from "../support/api";
import { demoUser, expect, signInAs, test } from "../support/fixtures";
import { visitorRow } from "./visitor-rows";

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await apiClient();
});
test.afterAll(async () => {
  await api?.dispose();
});

const card = (page: Page, visitor: TestVisitor) => page.locator(`li[data-visitor-id="${visitor.visitorId}"]`);

/** Whether anything on the page makes it scroll sideways. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function expectNoAxeViolations(page: Page, label: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    expect((await new AxeBuilder({ page }).analyze()).violations, `${label}, ${theme} theme`).toEqual([]);
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test("the list shows state first and the page a visitor is on, and co-browses in one click", async ({ page }) => {
  const tag = uniqueTag("list");
  const online = await registerVisitor(api, { identity: { tags: [tag], callName: "Online Olive" }, url: "https://shop.example.com/checkout?step=2" });
  const offline = await registerVisitor(api, { identity: { tags: [tag], callName: "Gone Gary" } });
  await leave(api, offline);
  await signInAs(page, demoUser("agent"));
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto(`/visitors?search=${encodeURIComponent(tag)}`);
  await expect(page.locator("thead th")).toHaveText(["State", "Visitor", "Page", "Last seen", "Location", "Device and browser", "Action"]);
  await expect(visitorRow(page, online).locator("td").first()).toHaveText("Online");
  await expect(visitorRow(page, online).getByTestId("visitor-page")).toHaveText(/^Checkout\s*https:\/\/shop\.example\.com\/checkout\?step=2$/);
  await expect(page.getByTestId("visitor-count")).toHaveText("2 visitors match");
  // Nothing past the right edge at 1440 px: the state and the action are on screen.
  expect(await scrollsSideways(page)).toBe(false);
  await expect(visitorRow(page, online).getByRole("button", { name: "Co-browse with Online Olive" })).toBeInViewport();
  // Offline visitors cannot be co-browsed: no button.
  await expect(visitorRow(page, offline).getByRole("button")).toHaveCount(0);

  // Keyboard: Tab reaches the row's Co-browse button, Enter starts the session.
  const button = visitorRow(page, online).getByRole("button", { name: "Co-browse with Online Olive" });
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/watch\//);
  // The header names the visitor as they identified.
  await expect(page.getByRole("heading", { name: "Session with Online Olive" })).toBeVisible();
  await leave(api, online);
});

test("a search result says which field matched, and when only through a similar spelling", async ({ page }) => {
  const surname = `Quorra${Date.now().toString(36).replace(/\d/g, "x")}`;
  const visitor = await registerVisitor(api, { identity: { callName: `Odile ${surname}` } });
  await signInAs(page, demoUser("agent"));
  await page.goto(`/visitors?search=${encodeURIComponent(`odile ${surname.slice(0, 3)}${surname.slice(4)}`)}`);
  await expect(visitorRow(page, visitor).getByTestId("search-match")).toHaveText("Matched name (similar spelling)");
  await page.goto(`/visitors?search=${encodeURIComponent(`odile ${surname}`)}`);
  await expect(visitorRow(page, visitor).getByTestId("search-match")).toHaveText("Matched name");
  await leave(api, visitor);
});

test("the count of matches and Load more, up to the rows that exist", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag("list");
  const visitors: TestVisitor[] = [];
  for (let i = 0; i < 53; i++) visitors.push(await registerVisitor(api, { identity: { tags: [tag] } }));
  await signInAs(page, demoUser("agent"));

  await page.goto(`/visitors?search=${encodeURIComponent(tag)}`);
  await expect(page.getByTestId("visitor-count")).toHaveText("Showing the first 50 matches");
  await expect(page.locator("tbody tr")).toHaveCount(50);
  await page.getByRole("button", { name: "Load 50 more" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(53);
  await expect(page.getByTestId("visitor-count")).toHaveText("53 visitors match");
  await expect(page).toHaveURL(/limit=100/);
  await expect(page.getByRole("button", { name: /^Load \d+ more$/ })).toHaveCount(0);

  // The size is part of the URL: a reload shows as many rows; a new search starts from one page again.
  await page.reload();
  await expect(page.locator("tbody tr")).toHaveCount(53);
  await page.getByRole("group", { name: "Show" }).getByText("Online", { exact: true }).click();
  await expect(page).not.toHaveURL(/limit=/);
  for (const visitor of visitors) await leave(api, visitor);
});

test("a search the API refuses, or an odd or huge one, gets a message on the Visitors page, never an error page", async ({ page }) => {
  await signInAs(page, demoUser("agent"));
  const searchBox = page.getByLabel("Search visitors");

  // A NUL character: the API refuses the search (4xx); the page says why and keeps the search box.
  const refused = await page.goto("/visitors?search=%00x");
  expect(refused?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Visitors", level: 1 })).toBeVisible();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  const message = page.getByRole("alert").filter({ hasText: "The co-browsing API refused this search" });
  await expect(message).toContainText("NUL");
  await expect(message).toContainText("Change the search and try again.");
  await expect(searchBox).toBeVisible();
  // The list's live part takes over and keeps saying so, from the console's own 400.
  const api400 = await page.request.get("/api/console/visitors?search=%00x");
  expect(api400.status()).toBe(400);
  expect(await api400.json()).toMatchObject({ status: "error", error: "invalid_search", message: expect.stringContaining("refused this search") });
  await expect(message).toBeVisible();

  // A new search from the box works again.
  await searchBox.fill(uniqueTag("none"));
  await expect(page.getByText("No visitor matches this search")).toBeVisible();
  await expect(message).toHaveCount(0);

  // Bytes that are not UTF-8, and a search far longer than any real one: a page with results or an empty state.
  for (const search of ["%C0%AFx", "%FF%FE", encodeURIComponent("x".repeat(5_000))]) {
    const response = await page.goto(`/visitors?search=${search}`);
    expect(response?.status(), search.slice(0, 20)).toBe(200);
    await expect(page.getByRole("heading", { name: "Visitors", level: 1 })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    await expect(page.getByText(/No visitor matches this search|visitors? match|refused this search/).first()).toBeVisible();
  }
});

test("on a phone and a tablet the navigation folds away and the list becomes cards, with no sideways scroll", async ({ page }) => {
  test.setTimeout(150_000); // axe passes at two widths
  const tag = uniqueTag("list");
  const visitor = await registerVisitor(api, {
    identity: { tags: [tag], callName: "Narrow Nadia", identities: ["a-rather-long-address-for-a-narrow-screen@example.com"] },
    url: `https://shop.example.com/a/very/long/path/that/would/otherwise/push/the/page/sideways?with=${"x".repeat(120)}`,
  });
  await signInAs(page, demoUser("agent"));

  for (const width of [390, 768]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/visitors?search=${encodeURIComponent(tag)}`);
    await expect(card(page, visitor)).toBeVisible();
    await expect(page.locator("table")).toBeHidden();
    // The page starts at the top: the navigation is behind the Menu button, not stacked above.
    const nav = page.getByRole("navigation", { name: "Console" });
    await expect(nav).toBeHidden();
    await expect(page.getByRole("heading", { name: "Visitors", level: 1 })).toBeInViewport();
    expect(await scrollsSideways(page), `${width} px`).toBe(false);

    const menu = page.getByRole("button", { name: "Menu" });
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Usage" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, "390 px, cards");
  await page.getByRole("button", { name: "Menu" }).click();
  await expectNoAxeViolations(page, "390 px, menu open");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Usage" }).click();
  await expect(page).toHaveURL("/usage");
  await expect(page.getByRole("navigation", { name: "Console" })).toBeHidden();

  await page.goto(`/visitors?search=${encodeURIComponent(tag)}`);
  await card(page, visitor).getByRole("button", { name: "Co-browse with Narrow Nadia" }).click();
  await expect(page).toHaveURL(/\/watch\//);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/visitors?search=${encodeURIComponent(tag)}`);
  await expect(visitorRow(page, visitor)).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  await expectNoAxeViolations(page, "1440 px, table");
  await leave(api, visitor);
});
