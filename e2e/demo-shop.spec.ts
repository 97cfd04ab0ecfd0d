import type { Page } from "@playwright/test";
import { demoUser, expect, signInAs, test } from "./support/fixtures";

/** The visitor's id, once the visitor script's registration has answered. */
async function registeredId(page: Page): Promise<string> {
  const read = () => page.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId as string | undefined);
  await expect.poll(read).toMatch(/^[A-Z2-9]{8}$/);
  return (await read())!;
}

test("the demo shop's Ask for help button puts its visitor in the console's help queue, and takes it back", async ({ browser, page }) => {
  const visitorContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const shop = await visitorContext.newPage();
  await shop.goto("/demo");
  await expect(shop.getByTestId("lookup-code")).toHaveText(/^\d{4}$/);
  await shop.getByRole("button", { name: "Ask for help" }).click();
  await expect(shop.getByTestId("demo-help-status")).toHaveText("Help requested: an agent will join you shortly.");
  const visitorId = await registeredId(shop);

  await signInAs(page, demoUser("agent"));
  await page.goto("/visitors");
  const request = page.getByRole("list", { name: "Visitors asking for help, oldest first" }).locator(`li[data-help-request="${visitorId}"]`);
  await expect(request).toBeVisible({ timeout: 15_000 });
  await expect(request).toContainText("Demo shop");

  await shop.getByRole("button", { name: "Cancel help request" }).click();
  await expect(shop.getByRole("button", { name: "Ask for help" })).toBeVisible();
  await expect(request).toHaveCount(0, { timeout: 15_000 });
  await visitorContext.close();
});

test("the demo shop says so when the request for help cannot be sent", async ({ page }) => {
  await page.goto("/demo");
  await expect(page.getByTestId("lookup-code")).toHaveText(/^\d{4}$/);
  await page.route("**/collect/help", (route) => route.abort());
  await page.getByRole("button", { name: "Ask for help" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "could not be sent" })).toHaveText("Your request for help could not be sent. Try again.");
  // Not left claiming a request that was never made.
  await expect(page.getByRole("button", { name: "Ask for help" })).toBeEnabled();
  await expect(page.getByTestId("demo-help-status")).toHaveText("");
});

test("page titles name Tandem once: the demo, the sign-in page and every console page", async ({ page }) => {
  await page.goto("/demo");
  await expect(page).toHaveTitle("Demo shop · Tandem");
  await page.goto("/login");
  await expect(page).toHaveTitle("Sign in · Tandem");
  await signInAs(page, demoUser("admin"));
  for (const [path, title] of [
    ["/usage", "Usage"],
    ["/visitors", "Visitors"],
    ["/agents", "Agents"],
    ["/audit", "Audit"],
    ["/settings", "Settings"],
    ["/account", "Account"],
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} · Tandem`);
  }
});
