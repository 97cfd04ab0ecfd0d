import fs from "node:fs";
import type { Browser, BrowserContext } from "@playwright/test";
import { hasRole, ROLES, type Role } from "@/lib/console/auth/roles";
import { demoUser, expect, signInAs, test, type DemoUser } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server";
import { consolePages, consoleRouteHandlers, serverActions, undeclared, type ConsoleEndpoint, type ServerAction } from "./console-routes";

const FORBIDDEN_HEADING = "You don’t have access to this page";
/**
 * What `forbidden()` leaves in a streamed page. The 403 page's heading itself is in every console page's
 * payload (it is the layout's fallback, sent along in case it is needed), so the heading text cannot
 * tell a refused page from an allowed one; a browser check below shows the heading to the refused.
 */
const FORBIDDEN_DIGEST = "NEXT_HTTP_ERROR_FALLBACK;403";
/** What `notFound()` leaves in a page's payload: a dynamic page's placeholder (no-such-id) names nothing. */
const NOT_FOUND_DIGEST = "NEXT_HTTP_ERROR_FALLBACK;404";
/** What the action wrapper answers (lib/console/auth/auth-error.ts). */
const SIGN_IN_REFUSAL = '"error":"Sign in to continue."';
const ROLE_REFUSAL = '"error":"Your role does not allow this."';

type Who = Role | "anonymous";
const WHO: Who[] = ["anonymous", ...ROLES];
const DECLARE =
  "declare it: a page in lib/console/pages.ts, a route handler in lib/console/reads/routes.ts, an action in ACCESS.actions of e2e/console/console-routes.ts";

interface Answer {
  status: number;
  location: string | null;
  body: string;
}

/**
 * A request with a role's cookies, read with fetch so that a streaming handler (SSE) is judged on its
 * status without waiting for a body that never ends.
 */
async function hit(baseUrl: string, endpoint: Pick<ConsoleEndpoint, "method" | "path">, cookie: string, readBody: boolean): Promise<Answer> {
  const controller = new AbortController();
  const response = await fetch(new URL(endpoint.path, baseUrl), {
    method: endpoint.method,
    headers: cookie ? { cookie } : {},
    redirect: "manual",
    signal: controller.signal,
  });
  const body = readBody ? await response.text() : "";
  controller.abort();
  return { status: response.status, location: response.headers.get("location"), body };
}

/** Calls a server action the way the browser does (POST to a page that has it, with its id); the argument is not a valid input. */
async function callAction(baseUrl: string, action: ServerAction, cookie: string): Promise<Answer> {
  const response = await fetch(new URL(action.pagePath!, baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: {
      ...(cookie ? { cookie } : {}),
      "next-action": action.id!,
      accept: "text/x-component",
      "content-type": "text/plain;charset=UTF-8",
      origin: new URL(baseUrl).origin,
    },
    body: JSON.stringify(["authorization-probe"]),
  });
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

async function signedIn(browser: Browser, baseURL: string, user: Pick<DemoUser, "email" | "password">): Promise<{ context: BrowserContext; cookie: string }> {
  const context = await browser.newContext({ baseURL });
  await signInAs(await context.newPage(), user);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  return { context, cookie };
}

/** The declared role, failing the test when the table does not list the entry. */
function declaredRole<T>(entry: { key: string; role: T | null }): T {
  expect(entry.role, `${entry.key}: ${DECLARE}`).not.toBeNull();
  return entry.role!;
}

const cookies: Record<Who, string> = { anonymous: "", agent: "", lead: "", admin: "" };
const contexts: Partial<Record<Role, BrowserContext>> = {};

test.beforeAll(async ({ browser }) => {
  for (const role of ROLES) {
    const session = await signedIn(browser, process.env.E2E_BASE_URL!, demoUser(role));
    contexts[role] = session.context;
    cookies[role] = session.cookie;
  }
});

test.afterAll(async () => {
  for (const context of Object.values(contexts)) await context.close();
});

test("the discovery finds the console's pages, route handlers and server actions, and each is declared", () => {
  const { unlisted, stale } = undeclared();
  expect(unlisted, `found on disk or in the build but not declared: ${DECLARE}`).toEqual([]);
  expect(stale, "declared but no longer found: remove the declarations").toEqual([]);

  // The discovery itself works (a scan that finds nothing would pass the matrix below for nothing).
  expect(consolePages().map((page) => `${page.path} ${page.role}`)).toEqual(
    expect.arrayContaining(["/settings admin", "/audit lead", "/usage agent", "/visitors/no-such-id agent"]),
  );
  expect(consoleRouteHandlers().map((handler) => `${handler.key} ${handler.role}`)).toEqual(
    expect.arrayContaining([
      "GET /api/console/me agent",
      "GET /api/console/audit/export lead",
      "GET /api/console/agents/[ref]/sessions lead",
      "GET /api/console/settings/connection admin",
    ]),
  );
  const actions = serverActions();
  expect(actions.find((action) => action.key === "lib/console/settings/actions.ts#createUser")).toMatchObject({
    role: "admin",
    id: expect.any(String),
    pagePath: expect.any(String),
  });
  expect(actions.find((action) => action.key === "lib/console/visitors/actions.ts#startCoBrowse")).toMatchObject({ role: "agent", id: expect.any(String) });
});

test("every console page: anonymous → /login, wrong role → the 403 page, allowed → the page", async () => {
  test.setTimeout(180_000);
  for (const page of consolePages()) {
    const role = declaredRole(page);
    for (const who of WHO) {
      const result = await hit(process.env.E2E_BASE_URL!, page, cookies[who], who !== "anonymous");
      const where = `${page.path} (${page.file}) as ${who}`;
      if (who === "anonymous") {
        expect([307, 308], where).toContain(result.status);
        expect(result.location, where).toContain("/login");
      } else if (!hasRole(who, role)) {
        // A page inside a loading boundary streams, so the refusal comes inside the page (with a 200)…
        expect(result.body, where).toContain(FORBIDDEN_DIGEST);
        // …and is what the browser shows.
        const tab = await contexts[who]!.newPage();
        await tab.goto(page.path);
        await expect(tab.getByRole("heading", { name: FORBIDDEN_HEADING }), where).toBeVisible();
        await tab.close();
      } else {
        if (!page.dynamic) expect(result.status, where).toBe(200);
        expect(result.body, where).not.toContain(FORBIDDEN_DIGEST);
        // Allowed, a page whose placeholder names nothing answers 404 with its not-found page.
        if (page.dynamic && result.status === 404) expect(result.body, where).toContain(NOT_FOUND_DIGEST);
        else expect(result.body, where).toContain('id="main"');
        expect(result.location, where).toBeNull();
      }
    }
  }
});

test("every console route handler: anonymous → 401, wrong role → 403, allowed → 200", async () => {
  test.setTimeout(180_000);
  for (const handler of consoleRouteHandlers()) {
    const role = declaredRole(handler);
    for (const who of WHO) {
      const { status } = await hit(process.env.E2E_BASE_URL!, handler, cookies[who], false);
      const where = `${handler.method} ${handler.path} (${handler.file}) as ${who}`;
      if (who === "anonymous") expect(status, where).toBe(401);
      else if (!hasRole(who, role)) expect(status, where).toBe(403);
      else if (handler.dynamic) expect([401, 403], where).not.toContain(status);
      else expect(status, where).toBe(200);
    }
  }
});

test("an admin demoted mid-session can no longer run an admin action from the page they still have open", async ({ browser }) => {
  const email = `demoted-${Date.now()}@example.test`;
  const password = "demoted-password-123";
  const admin = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const adminPage = await admin.newPage();
  await signInAs(adminPage, demoUser("admin"));
  await adminPage.goto("/settings");
  const addUser = adminPage.getByRole("form", { name: "Add a user" });
  await addUser.getByLabel("Name").fill("Soon Demoted");
  await addUser.getByLabel("Email").fill(email);
  await addUser.getByLabel("Role").selectOption("admin");
  await addUser.getByLabel("Initial password").fill(password);
  await addUser.getByRole("button", { name: "Add user" }).click();
  await expect(adminPage.getByTestId(`user-${email}`)).toBeVisible();

  const victim = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const victimPage = await victim.newPage();
  await signInAs(victimPage, { email, password });
  await victimPage.goto("/settings");
  await expect(victimPage.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  const row = adminPage.getByTestId(`user-${email}`);
  await row.getByLabel(`Role of ${email}`).selectOption("lead");
  await row.getByRole("button", { name: `Change role of ${email}` }).click();
  await expect(row.getByRole("status")).toHaveText("Role changed to Team lead.");

  // The page is still open in the demoted user's browser: submitting its form must be refused.
  const webhook = victimPage.getByLabel("Webhook URL");
  await webhook.fill("https://demoted.example.com/hook");
  await victimPage.getByRole("button", { name: "Save link settings" }).click();
  await expect(victimPage.getByRole("alert").filter({ hasText: "Your role does not allow this." })).toBeVisible();
  await victimPage.goto("/settings");
  await expect(victimPage.getByRole("heading", { name: FORBIDDEN_HEADING })).toBeVisible();

  // Nothing was saved: the admin still sees the previous webhook URL.
  await adminPage.reload();
  await expect(adminPage.getByLabel("Webhook URL")).not.toHaveValue("https://demoted.example.com/hook");
  await admin.close();
  await victim.close();
});

test.describe("server actions", () => {
  // Allowed roles really run each action (with an invalid input, but a few actions take none, e.g.
  // rotating the webhook secret), so this runs on a server of its own.
  let server: RunningServer;
  const actionCookies: Record<Who | "disabled", string> = { anonymous: "", agent: "", lead: "", admin: "", disabled: "" };
  const opened: BrowserContext[] = [];

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    server = await startServer({ env: { TANDEM_DEMO_SEED: "1" } });
    const users = JSON.parse(fs.readFileSync(`${server.dataDir}/demo-credentials.json`, "utf8")) as DemoUser[];
    for (const user of users) {
      const session = await signedIn(browser, server.url, user);
      opened.push(session.context);
      actionCookies[user.role] = session.cookie;
    }

    // A session whose user was disabled since: the proxy (which only reads the cookie) lets it through,
    // so only the action's own check can refuse it. That proves each action authenticates by itself.
    const adminPage = await opened[users.findIndex((user) => user.role === "admin")].newPage();
    const stale = { email: `stale-${Date.now()}@example.test`, password: "stale-session-pass-1" };
    await adminPage.goto("/settings");
    const addUser = adminPage.getByRole("form", { name: "Add a user" });
    await addUser.getByLabel("Name").fill("Stale Session");
    await addUser.getByLabel("Email").fill(stale.email);
    await addUser.getByLabel("Role").selectOption("admin");
    await addUser.getByLabel("Initial password").fill(stale.password);
    await addUser.getByRole("button", { name: "Add user" }).click();
    await expect(adminPage.getByTestId(`user-${stale.email}`)).toBeVisible();
    const session = await signedIn(browser, server.url, stale);
    opened.push(session.context);
    actionCookies.disabled = session.cookie;
    await adminPage.getByRole("button", { name: `Disable ${stale.email}` }).click();
    await expect(adminPage.getByTestId(`user-${stale.email}`)).toContainText("Disabled");
  });

  test.afterAll(async () => {
    for (const context of opened) await context.close();
    await server?.stop();
  });

  test("every server action: anonymous and a disabled user's session → sign in, wrong role → refused, allowed → runs", async () => {
    test.setTimeout(180_000);
    const callable = serverActions().filter((action) => {
      const role = declaredRole(action);
      if (role === "public") test.info().annotations.push({ type: "public action", description: `${action.key}: declared public, guarded by itself` });
      else if (!action.id) test.info().annotations.push({ type: "not callable", description: `${action.key}: no page of the build can call it` });
      return role !== "public" && action.id !== undefined;
    });
    expect(callable.length).toBeGreaterThanOrEqual(10);

    for (const action of callable) {
      const role = action.role as Role;
      for (const who of [...WHO, "disabled"] as const) {
        const { status, location, body } = await callAction(server.url, action, actionCookies[who]);
        const where = `${action.key} (posted to ${action.pagePath}) as ${who}`;
        if (who === "anonymous") {
          // The proxy sends anonymous page requests to sign in before the action runs; either refusal will do.
          if (status >= 300 && status < 400) expect(location, where).toContain("/login");
          else expect(body, where).toContain(SIGN_IN_REFUSAL);
        } else if (who === "disabled") {
          expect(status, where).toBe(200);
          expect(body, where).toContain(SIGN_IN_REFUSAL);
        } else if (!hasRole(who, role)) {
          expect(status, where).toBe(200);
          expect(body, where).toContain(ROLE_REFUSAL);
        } else {
          expect(status, where).toBeLessThan(400);
          expect(body, `${where}: the action answers`).toContain('"ok":');
          expect(body, where).not.toContain(SIGN_IN_REFUSAL);
          expect(body, where).not.toContain(ROLE_REFUSAL);
        }
      }
    }
  });
});
