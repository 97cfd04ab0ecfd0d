import { demoUser, expect, signInAs, test } from "./support/fixtures";

test("an anonymous visit is sent to the sign-in page and comes back after signing in", async ({ page }) => {
  await page.goto("/visitors");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fvisitors/);
  await expect(page.getByRole("heading", { name: "Sign in to Tandem" })).toBeVisible();

  const agent = demoUser("agent");
  await page.getByLabel("Email").fill(agent.email);
  await page.getByLabel("Password").fill(agent.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/visitors$/);
  await expect(page.getByRole("heading", { name: "Visitors" })).toBeVisible();
});

test("a wrong password is refused with a visible message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(demoUser("lead").email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Email or password is incorrect." })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("the right password lands in the console with the user's name and role, and sign out ends it", async ({ page }) => {
  const admin = demoUser("admin");
  await signInAs(page, admin);
  const user = page.getByTestId("current-user");
  await expect(user).toContainText(admin.name);
  await expect(user).toContainText("Admin");
  const nav = page.getByRole("navigation", { name: "Console" });
  for (const link of ["Usage", "Visitors", "Agents", "Audit", "Settings"]) await expect(nav.getByRole("link", { name: link })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/usage");
  await expect(page).toHaveURL(/\/login/);
});

test("an agent sees only the pages of the role, and is refused the others", async ({ page }) => {
  await signInAs(page, demoUser("agent"));
  await expect(page.getByTestId("current-user")).toContainText("Agent");
  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link", { name: "Visitors" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Audit" })).toHaveCount(0);

  // The page streams inside the console's loading boundary, so the refusal is the page, not the status.
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "You don’t have access to this page" })).toBeVisible();
});

test("a spoofed x-middleware-subrequest header gets no data", async ({ request }) => {
  const spoof = { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy", "x-middleware-subrequest-id": "spoof" };
  const api = await request.get("/api/console/me", { headers: spoof });
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ status: "error", error: "unauthenticated" });

  const page = await request.get("/settings", { headers: spoof, maxRedirects: 0 });
  expect(page.status()).toBe(307);
  expect(page.headers().location).toContain("/login");
});
