import type { Page } from "@playwright/test";
import { apiClient, leave, registerVisitor, uniqueTag } from "../support/api";
import { demoUser, expect, signInAs, test } from "../support/fixtures";

/** Whether anything on the page makes it scroll sideways. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("on a phone no page of the console scrolls sideways", async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiClient();
  const visitor = await registerVisitor(api, { identity: { callName: "Narrow Visitor", tags: [uniqueTag("narrow")] } });
  const admin = demoUser("admin");
  await signInAs(page, admin);
  await page.setViewportSize({ width: 390, height: 844 });

  // Each page with something that shows its content has loaded (not only its skeleton).
  const pages: [string, () => Promise<void>][] = [
    ["/usage", () => expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible()],
    ["/visitors", () => expect(page.locator("li[data-visitor-id]").first()).toBeVisible()],
    [`/visitors/${visitor.visitorId}`, () => expect(page.getByRole("heading", { name: "Narrow Visitor" })).toBeVisible()],
    ["/agents", () => expect(page.getByRole("table").first()).toBeVisible()],
    [`/agents/email:${admin.email}`, () => expect(page.getByRole("heading", { name: admin.email })).toBeVisible()],
    ["/audit", () => expect(page.getByRole("table").first()).toBeVisible()],
    ["/settings", () => expect(page.getByRole("region", { name: "Console users" }).getByRole("table")).toBeVisible()],
    ["/account", () => expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible()],
  ];
  for (const [path, loaded] of pages) {
    await page.goto(path);
    await loaded();
    await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
    expect(await scrollsSideways(page), path).toBe(false);
  }
  await leave(api, visitor);
  await api.dispose();
});
