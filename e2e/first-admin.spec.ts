import { expect, test } from "./support/fixtures";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ env: { TANDEM_DEMO_SEED: "0" } });
});
test.afterAll(async () => server?.stop());

test("on an empty database the sign-in page creates the first admin, once", async ({ page }) => {
  await page.goto(`${server.url}/usage`);
  await expect(page.getByRole("heading", { name: "Create the first admin" })).toBeVisible();

  await page.getByLabel("Name").fill("Robin Admin");
  await page.getByLabel("Email").fill("robin@example.com");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("short");
  await page.getByRole("button", { name: "Create admin and sign in" }).click();
  await expect(page.getByText("Use at least 12 characters.")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("a strong first password");
  await page.getByLabel("Confirm password").fill("a strong first password");
  await page.getByRole("button", { name: "Create admin and sign in" }).click();
  await expect(page).toHaveURL(/\/usage$/);
  await expect(page.getByTestId("current-user")).toContainText("Robin Admin");
  await expect(page.getByTestId("current-user")).toContainText("Admin");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Tandem" })).toBeVisible();
});
