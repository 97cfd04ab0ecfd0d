import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { expectSignedInDespiteFlood, flood, nextServerAction } from "../support/server-action";
import { startServer, type RunningServer } from "../support/server";
import { decodeQuotedPrintable, startSmtpReceiver } from "../support/smtp-receiver";

// Password changes and resets end sessions and email links: a server of its own, with SMTP_URL pointing at
// an SMTP server this spec runs.
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let admin: Page;
const adminCredentials = { email: "ops@example.com", password: "the admin password 1" };
const stamp = Date.now();
const agent = { name: "Robin Ames", email: `robin-${stamp}@example.test`, password: "robin-initial-pass-1" };
const second = { name: "Sam Price", email: `sam-${stamp}@example.test`, password: "sam-initial-pass-1" };

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  smtp = await startSmtpReceiver();
  server = await startServer({
    env: {
      SMTP_URL: smtp.url,
      SMTP_FROM: "Tandem <tandem@example.test>",
      ADMIN_EMAIL: adminCredentials.email,
      ADMIN_PASSWORD: adminCredentials.password,
      SIGN_IN_FAILURES_PER_ADDRESS: "1000",
    },
  });
  admin = await signedIn(browser, adminCredentials);
});

test.afterAll(async () => {
  await admin?.context().close();
  await server?.stop();
  await smtp?.close();
});

async function signInPage(browser: Browser, user: { email: string; password: string }) {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  return page;
}

async function signedIn(browser: Browser, user: { email: string; password: string }) {
  const page = await signInPage(browser, user);
  await expect(page.getByTestId("current-user")).toBeVisible();
  return page;
}

async function refusedSignIn(browser: Browser, user: { email: string; password: string }) {
  const page = await signInPage(browser, user);
  await expect(page.getByText("Email or password is incorrect.")).toBeVisible();
  await page.context().close();
}

async function addUser(user: typeof agent) {
  await admin.goto("/settings");
  const form = admin.getByRole("form", { name: "Add a user" });
  await form.getByLabel("Name").fill(user.name);
  await form.getByLabel("Email").fill(user.email);
  await form.getByLabel("Initial password").fill(user.password);
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(admin.getByTestId(`user-${user.email}`)).toContainText(user.name);
}

test("Add a user keeps what was typed after a validation error", async () => {
  await admin.goto("/settings");
  const form = admin.getByRole("form", { name: "Add a user" });
  await form.getByLabel("Name").fill("Kept Name");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Role").selectOption("lead");
  await form.getByLabel("Initial password").fill("short");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(form.getByText("Enter a valid email address.")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("Kept Name");
  await expect(form.getByLabel("Email")).toHaveValue("not-an-email");
  await expect(form.getByLabel("Role")).toHaveValue("lead");
});

test("an agent changes their password and signs in with the new one", async ({ browser }) => {
  await addUser(agent);
  const page = await signedIn(browser, agent);
  await page.getByRole("link", { name: "Account and password" }).click();
  const newPassword = "robin-changed-pass-2";

  await page.getByLabel("Current password").fill("not my password");
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm the new password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is incorrect.")).toBeVisible();
  // What was typed stays: only the wrong field needs typing again.
  await expect(page.getByLabel("New password", { exact: true })).toHaveValue(newPassword);
  await expect(page.getByLabel("Confirm the new password")).toHaveValue(newPassword);

  await page.getByLabel("Current password").fill(agent.password);
  await page.getByLabel("Confirm the new password").fill("something else entirely");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The two passwords differ.")).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveValue(newPassword);

  await page.getByLabel("Confirm the new password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/login\?notice=password_changed/);
  await expect(page.getByTestId("sign-in-notice")).toBeVisible();
  await page.context().close();

  await refusedSignIn(browser, agent);
  await (await signedIn(browser, { email: agent.email, password: newPassword })).context().close();
});

test("an admin resets a password: the link is emailed and works once, and the user's old session ends", async ({ browser }) => {
  await addUser(second);
  const oldSession = await signedIn(browser, second);

  await admin.getByRole("button", { name: `Reset password of ${second.email}` }).click();
  await admin.getByRole("button", { name: "Create reset link" }).click();
  const shown = (await admin.getByTestId("password-reset-link").textContent()) ?? "";
  expect(shown).toMatch(new RegExp(`^${server.url}/reset-password/[\\w-]{43}$`));
  await expect(admin.getByText(`It was also emailed to ${second.email}.`)).toBeVisible();
  await admin.getByRole("button", { name: "Done" }).click();

  await expect.poll(() => smtp.received.find((mail) => mail.to.includes(second.email))).toBeTruthy();
  const mail = smtp.received.find((received) => received.to.includes(second.email))!;
  const link = decodeQuotedPrintable(mail.raw).match(/http:\/\/\S+\/reset-password\/[\w-]{43}/)?.[0];
  expect(link).toBe(shown);

  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto(link!);
  const newPassword = "sam-reset-pass-3";
  await anonymous.getByLabel("New password", { exact: true }).fill(newPassword);
  await anonymous.getByLabel("Confirm the new password").fill(newPassword);
  await anonymous.getByRole("button", { name: "Set password" }).click();
  await expect(anonymous.getByTestId("reset-done")).toBeVisible();
  // Nobody is signed in by the link, and it works once.
  await anonymous.goto(`${server.url}/usage`);
  await expect(anonymous).toHaveURL(/\/login/);
  await anonymous.goto(link!);
  await expect(anonymous.getByText("This link is invalid, has expired or was already used.")).toBeVisible();
  await anonymous.context().close();

  await oldSession.goto("/usage");
  await expect(oldSession).toHaveURL(/\/login/);
  await oldSession.context().close();
  await refusedSignIn(browser, second);
  await (await signedIn(browser, { email: second.email, password: newPassword })).context().close();
});

test("a flood of the public reset form, with made-up links, leaves sign-in working", async ({ browser, request }) => {
  test.setTimeout(120_000);
  await admin.getByRole("button", { name: `Reset password of ${agent.email}` }).click();
  await admin.getByRole("button", { name: "Create reset link" }).click();
  const link = (await admin.getByTestId("password-reset-link").textContent()) ?? "";
  await admin.getByRole("button", { name: "Done" }).click();
  const token = link.split("/").pop()!;

  // The form as the user fills it in, its submission held back and sent again with made-up links.
  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.route(link, (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  await anonymous.goto(link);
  const captured = nextServerAction(anonymous);
  await anonymous.getByLabel("New password", { exact: true }).fill("a password of the flood");
  await anonymous.getByLabel("Confirm the new password").fill("a password of the flood");
  await anonymous.getByRole("button", { name: "Set password" }).click();
  const action = await captured;
  expect(action.body.toString("latin1")).toContain(token);
  const attack = flood(request, action, {
    inFlight: 40,
    limit: 3_000,
    vary: (body, index) => body.replaceAll(token, `made-up-${index}`.padEnd(43, "x")),
  });

  // Meanwhile the admin signs in (slower while the flood lasts), and is not told that sign-in is busy.
  const signing = await signInPage(browser, adminCredentials);
  await expectSignedInDespiteFlood(signing);
  await signing.context().close();
  const statuses = await attack.stop();
  expect(statuses.length).toBeGreaterThan(40);
  expect(statuses.every((status) => status === 200)).toBe(true);
  // The real link was never spent.
  await anonymous.unrouteAll();
  await anonymous.goto(link);
  await expect(anonymous.getByRole("button", { name: "Set password" })).toBeVisible();
  await anonymous.context().close();
});
