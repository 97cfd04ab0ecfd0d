import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { startOidcProvider, type ProviderUser, type TestProvider } from "./support/oidc-provider";
import { freePort, startServer, type RunningServer } from "./support/server";

/**
 * Single sign-on through a real OpenID provider on loopback, with password sign-in turned off but for the
 * break-glass admin.
 */
let provider: TestProvider;
let server: RunningServer;
let admin: APIRequestContext;
const breakGlass = { email: "ops@example.com", password: "break-glass password 1" };

test.beforeAll(async () => {
  // Two servers to start on a busy machine.
  test.setTimeout(150_000);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  provider = await startOidcProvider({ redirectUri: `${url}/api/auth/callback/oidc`, postLogoutRedirectUri: `${url}/login` });
  server = await startServer({
    port,
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_DISPLAY_NAME: "Acme ID",
      OIDC_ALLOWED_DOMAINS: "example.com",
      OIDC_ADMIN_GROUPS: "tandem-admins",
      OIDC_LEAD_GROUPS: "tandem-leads, support-leads",
      PASSWORD_SIGN_IN: "false",
      ADMIN_EMAIL: breakGlass.email,
      ADMIN_PASSWORD: breakGlass.password,
      SIGN_IN_FAILURES_PER_ADDRESS: "1000",
    },
  });
  // The break-glass admin reads the audit log.
  admin = await playwrightRequest.newContext({ baseURL: server.url });
  const { csrfToken } = await (await admin.get("/api/auth/csrf")).json();
  await admin.post("/api/auth/callback/credentials", { form: { ...breakGlass, csrfToken, json: "true" } });
});

test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
  await provider?.stop();
});

// The provider's development login page imports a web font: never fetched from here.
test.beforeEach(async ({ context }) => {
  await context.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort());
});

const user = (login: string, claims: ProviderUser) => provider.users.set(login, { email_verified: true, ...claims });

async function signInWithSso(page: Page, login: string, path = "/login") {
  await page.goto(`${server.url}${path}`);
  await page.getByRole("button", { name: "Sign in with Acme ID" }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

/** A browser of its own: no session at Tandem or at the provider. */
async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  await context.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort());
  return { page: await context.newPage(), close: () => context.close() };
}

/** Whether the audit log (its CSV export) has a single sign-on row with every one of these parts. */
async function audited(...parts: string[]): Promise<void> {
  const lines = async () => {
    const response = await admin.get("/api/console/audit/export?action=sso_sign_in");
    expect(response.status()).toBe(200);
    return (await response.text()).split("\n");
  };
  await expect.poll(async () => (await lines()).some((line) => parts.every((part) => line.includes(part))), { message: parts.join(" & ") }).toBe(true);
}

const refusal = (page: Page) => page.getByTestId("sign-in-error");

test("a lead by group is created at first sign-in and lands in the console as team lead", async ({ page }) => {
  user("lena", { email: "Lena@Example.com", name: "Lena Lind", groups: ["staff", "support-leads"] });
  await signInWithSso(page, "lena", "/login?callbackUrl=%2Fvisitors");
  await expect(page).toHaveURL(`${server.url}/visitors`);
  const current = page.getByTestId("current-user");
  await expect(current).toContainText("Lena Lind");
  await expect(current).toContainText("Team lead");
  await audited("lena@example.com,sso_sign_in,Signed in with SSO,success", "role=lead", "created=true");
});

test("an admin by group sees how the console is signed into, with the callback URL and no secret", async ({ page }) => {
  user("ada", { email: "ada@example.com", name: "Ada Admin", groups: ["tandem-leads", "tandem-admins"] });
  await signInWithSso(page, "ada");
  await expect(page.getByTestId("current-user")).toContainText("Admin");
  await page.goto(`${server.url}/settings`);
  const sso = page.getByTestId("sso-settings");
  await expect(sso).toContainText(`${server.url}/api/auth/callback/oidc`);
  await expect(sso).toContainText(provider.issuer);
  await expect(sso).toContainText("Signing out of Tandem signs out at the provider too");
  await expect(sso).toContainText("tandem-admins");
  await expect(page.getByText(`the break-glass admin ${breakGlass.email}`)).toBeVisible();
  expect(await page.content()).not.toContain(provider.clientSecret);
});

test("refusals land back on the sign-in page with their reason, and are audited", async ({ browser }) => {
  user("eve", { email: "eve@evil.org", groups: ["tandem-admins"] });
  user("pat", { email: "pat@example.com", email_verified: false, groups: ["tandem-admins"] });
  user("nog", { email: "nog@example.com" });
  const cases = [
    ["eve", "not in a domain allowed to sign in", ["eve@evil.org,sso_sign_in,SSO sign-in refused,failure", "reason=domain"]],
    ["pat", "has not verified your email address", ["pat@example.com,sso_sign_in,SSO sign-in refused,failure", "reason=email_unverified"]],
    ["nog", "did not say which groups you are in", ["nog@example.com,sso_sign_in,SSO sign-in refused,failure", "reason=no_groups_claim"]],
  ] as const;
  for (const [login, message, row] of cases) {
    const { page, close } = await freshPage(browser);
    await signInWithSso(page, login);
    await expect(page).toHaveURL(/\/login\?error=sso-/);
    await expect(refusal(page)).toContainText(message);
    await page.goto(`${server.url}/usage`);
    await expect(page).toHaveURL(/\/login/);
    await audited(...row);
    await close();
  }
});

test("a user disabled in the console stays out whatever the provider says", async ({ browser, page }) => {
  user("ada", { email: "ada@example.com", name: "Ada Admin", groups: ["tandem-admins"] });
  user("dan", { email: "dan@example.com", name: "Dan Agent", groups: ["tandem-admins"] });
  const dan = await freshPage(browser);
  await signInWithSso(dan.page, "dan");
  await expect(dan.page.getByTestId("current-user")).toContainText("Admin");

  await signInWithSso(page, "ada");
  await page.goto(`${server.url}/settings`);
  await page.getByRole("button", { name: "Disable dan@example.com" }).click();
  await expect(page.getByTestId("user-dan@example.com")).toContainText("Disabled");

  // His open session ends at once, and signing in again is refused.
  await dan.page.goto(`${server.url}/usage`);
  await expect(dan.page).toHaveURL(/\/login/);
  await dan.page.getByRole("button", { name: "Sign in with Acme ID" }).click();
  await expect(refusal(dan.page)).toContainText("This account is disabled");
  await audited("dan@example.com,sso_sign_in,SSO sign-in refused,failure", "reason=disabled");
  await dan.close();
});

test("a role changed at the provider takes effect at the next sign-in; signing out ends the session here and at the provider", async ({ page }) => {
  user("mo", { email: "mo@example.com", name: "Mo", groups: [] });
  await signInWithSso(page, "mo");
  await expect(page.getByTestId("current-user")).toContainText("Agent");
  provider.users.set("mo", { ...provider.users.get("mo")!, groups: ["tandem-admins"] });

  // A click that lands while the page still hydrates (slow machines) is repeated.
  await expect(async () => {
    if (page.url().startsWith(server.url)) await page.getByRole("button", { name: "Sign out" }).click({ timeout: 1_000 });
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/session/end`), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole("button", { name: "Yes, sign me out" }).click();
  await expect(page).toHaveURL(`${server.url}/login`);
  await page.goto(`${server.url}/usage`);
  await expect(page).toHaveURL(/\/login/);

  // The provider asks who is signing in again: its session ended too.
  await signInWithSso(page, "mo");
  await expect(page.getByTestId("current-user")).toContainText("Admin");
  await audited("mo@example.com,sso_sign_in,Signed in with SSO,success", "role=admin", "previousRole=agent");
});

test("a tampered state is refused", async ({ page }) => {
  user("tia", { email: "tia@example.com", groups: ["tandem-admins"] });
  provider.tamperCallback = (callback) => callback.searchParams.set("state", `${callback.searchParams.get("state")}x`);
  try {
    await signInWithSso(page, "tia");
    await expect(page).toHaveURL(/\/login\?.*error=OAuthCallback/);
    await expect(refusal(page)).toContainText("Signing in with Acme ID did not complete");
  } finally {
    provider.tamperCallback = null;
  }
  await page.goto(`${server.url}/usage`);
  await expect(page).toHaveURL(/\/login/);
  await audited("sso_sign_in,SSO sign-in refused,failure", "reason=invalid_response", "error=state mismatch");
});

test("an id_token issued for another client is refused", async ({ page }) => {
  user("aud", { email: "aud@example.com", groups: ["tandem-admins"] });
  provider.tamperIdToken = (payload) => ({ ...payload, aud: "another-client" });
  try {
    await signInWithSso(page, "aud");
    await expect(page).toHaveURL(/\/login\?.*error=OAuthCallback/);
    await expect(refusal(page)).toBeVisible();
  } finally {
    provider.tamperIdToken = null;
  }
  await page.goto(`${server.url}/usage`);
  await expect(page).toHaveURL(/\/login/);
  await audited("sso_sign_in,SSO sign-in refused,failure", "reason=invalid_response", "error=aud mismatch");
});

test("a huge claims payload signs in with a small session cookie", async ({ page, context }) => {
  const groups = Array.from({ length: 3_000 }, (_, i) => `group-${i}`).concat("tandem-leads");
  user("big", { email: "big@example.com", name: "B".repeat(5_000), groups });
  // This provider puts the groups in the id_token too.
  provider.tamperIdToken = (payload) => ({ ...payload, groups });
  try {
    await signInWithSso(page, "big");
    await expect(page.getByTestId("current-user")).toContainText("Team lead");
  } finally {
    provider.tamperIdToken = null;
  }
  const cookies = await context.cookies(server.url);
  const size = cookies.reduce((total, cookie) => total + cookie.name.length + cookie.value.length, 0);
  expect(size).toBeLessThan(4_096);
});

test("callbackUrl never sends the browser off-site after single sign-on", async ({ page }) => {
  user("cal", { email: "cal@example.com", groups: [] });
  await signInWithSso(page, "cal", "/login?callbackUrl=https%3A%2F%2Fevil.example%2Fsteal");
  await expect(page.getByTestId("current-user")).toBeVisible();
  expect(new URL(page.url()).origin).toBe(server.url);

  // Straight to next-auth, past the sign-in page's own check.
  await page.context().clearCookies();
  await page.goto(`${server.url}/login`);
  const { csrfToken } = await (await page.request.get(`${server.url}/api/auth/csrf`)).json();
  const started = await page.request.post(`${server.url}/api/auth/signin/oidc`, {
    form: { csrfToken, callbackUrl: "https://evil.example/steal", json: "true" },
  });
  await page.goto((await started.json()).url);
  await page.locator('input[name="login"]').fill("cal");
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page.getByTestId("current-user")).toBeVisible();
  expect(new URL(page.url()).origin).toBe(server.url);
});

test("with password sign-in off, only the break-glass admin may use a password", async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await expect(page.getByRole("button", { name: "Sign in with Acme ID" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeHidden();

  await page.getByText("Admin sign-in with password").click();
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Password").fill("whatever she thinks it is");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Password sign-in is turned off. Use “Sign in with Acme ID”." })).toBeVisible();

  await page.getByLabel("Email").fill(breakGlass.email);
  await page.getByLabel("Password").fill(breakGlass.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("current-user")).toContainText("Admin");
});
