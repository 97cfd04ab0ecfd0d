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
  await expect(page.getByRole("heading", { name: `Session with visitor ${online.visitorId}` })).toBeVisible();
  await leave(api, online);
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
