import { expect, test } from "./support/fixtures";
import { expectSignedInDespiteFlood, flood, nextServerAction, type CapturedAction } from "./support/server-action";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ env: { TANDEM_DEMO_SEED: "0" } });
});
test.afterAll(async () => server?.stop());

let setupSubmission: CapturedAction;

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
  const submitted = nextServerAction(page);
  await page.getByRole("button", { name: "Create admin and sign in" }).click();
  setupSubmission = await submitted;
  await expect(page).toHaveURL(/\/usage$/);
  await expect(page.getByTestId("current-user")).toContainText("Robin Admin");
  await expect(page.getByTestId("current-user")).toContainText("Admin");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Tandem" })).toBeVisible();
});

test("a server action from another origin is refused, whatever X-Forwarded-Host a client claims", async ({ request }) => {
  const { url, headers, body } = setupSubmission;
  const send = (extra: Record<string, string>) => {
    const sent: Record<string, string> = { ...headers, ...extra };
    delete sent["content-length"];
    return request.post(url, { headers: sent, data: body });
  };
  // The same submission from the console's own origin is answered (and refused: the admin exists).
  expect((await send({})).status()).toBe(200);
  // From another origin, with the host the attacker's page would claim: not run. Only a proxy in
  // TRUSTED_PROXIES may say which host a request was sent to.
  const forged = await send({ origin: "https://attacker.example", "x-forwarded-host": "attacker.example" });
  expect(forged.status()).not.toBe(200);
});

test("once an admin exists, a flood of the setup form is refused without making sign-in busy", async ({ browser, request }) => {
  test.setTimeout(120_000);
  // The submission that made the admin, sent again and again by anyone.
  const attack = flood(request, setupSubmission, { inFlight: 40, limit: 3_000 });
  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill("robin@example.com");
  await page.getByLabel("Password").fill("a strong first password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectSignedInDespiteFlood(page);
  await expect(page.getByTestId("current-user")).toContainText("Robin Admin");
  const statuses = await attack.stop();
  expect(statuses.length).toBeGreaterThan(40);
  expect(statuses.every((status) => status === 200)).toBe(true);
  await page.context().close();
});
