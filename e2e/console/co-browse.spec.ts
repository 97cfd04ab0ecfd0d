import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { apiClient, embeddedApiKey, leave, registerVisitor, setTeam } from "../support/api";
import { demoUser, expect, signInAs, test, type DemoUser } from "../support/fixtures";
import { freePort, startServer, type RunningServer } from "../support/server";

/** A URL pattern that matches the watch page of the given origin, and no other. */
/** The watch page once it has started: the link's token has left the address, which names the session. */
const watchPageOf = (origin: string) => new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/watch/session/s_[A-Za-z0-9]+$`);

test("Co-browse opens the watch page as the signed-in agent; the visitor then lists the session, which Stop session ends", async ({ page }) => {
  const api = await apiClient();
  const visitor = await registerVisitor(api, { identity: { callName: "Session Visitor" } });
  const agent = demoUser("agent");
  await signInAs(page, agent);
  await page.goto(`/visitors/${visitor.visitorId}`);
  await expect(page.getByRole("button", { name: "Stop session" })).toHaveCount(0);

  await page.getByRole("button", { name: "Co-browse", exact: true }).click();
  await expect(page).toHaveURL(watchPageOf(process.env.E2E_BASE_URL!));
  // The header names the visitor by the name they gave.
  await expect(page.getByRole("heading", { name: "Session with Session Visitor" })).toBeVisible();

  // The link was made for this console user: the session names them.
  await page.goto(`/visitors/${visitor.visitorId}`);
  const sessions = page.getByRole("table", { name: "Sessions" });
  await expect(sessions.locator("tbody tr")).toHaveCount(1);
  await expect(sessions).toContainText(agent.name);
  await expect(sessions).toContainText("Ongoing");

  await page.getByRole("button", { name: "Stop session" }).click();
  const dialog = page.getByRole("dialog", { name: "Stop the session?" });
  await dialog.getByRole("button", { name: "Stop session" }).click();
  await expect(dialog).toBeHidden();
  await expect(sessions).toContainText("Ended");
  await expect(page.getByRole("button", { name: "Stop session" })).toHaveCount(0);

  // Gone meanwhile (deleted elsewhere): Co-browse says so instead of failing.
  await leave(api, visitor);
  expect((await api.delete(`/v1.3/visitors/${visitor.visitorId}`)).status()).toBe(200);
  await page.getByRole("button", { name: "Co-browse", exact: true }).click();
  await expect(page.getByRole("region", { name: "Actions" }).getByRole("alert")).toHaveText("This visitor no longer exists.");
  await api.dispose();
});

// Each story below changes its team's settings, so each runs on a server of its own.

function demoUserOf(server: RunningServer, role: DemoUser["role"]): DemoUser {
  const users = JSON.parse(fs.readFileSync(path.join(server.dataDir, "demo-credentials.json"), "utf8")) as DemoUser[];
  return users.find((user) => user.role === role)!;
}

async function agentPage(browser: Browser, server: RunningServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signInAs(page, demoUserOf(server, "agent"));
  return page;
}

test.describe("on premise", () => {
  let server: RunningServer;
  let api: APIRequestContext;
  test.beforeAll(async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const key = "e2e-onprem-rest-key-0123456789";
    server = await startServer({ port, env: { TANDEM_DEMO_SEED: "1", REST_KEY: key, ONPREM_BASE_URL: url, ONPREM_REST_KEY: key } });
    api = await apiClient(server.url, embeddedApiKey(server.dataDir));
    await setTeam(api, { onprem_licensed: true });
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
  });

  test("Co-browse gets a licence token, then the on-premise watch link, and opens it", async ({ browser }) => {
    const visitor = await registerVisitor(api, { identity: { callName: "On-prem Visitor" } });
    const page = await agentPage(browser, server);
    await page.goto("/visitors?search=online");
    await expect(page.locator(`tr[data-visitor-id="${visitor.visitorId}"]`)).toBeVisible();
    await page.goto(`/visitors/${visitor.visitorId}`);
    await expect(page.getByRole("heading", { name: "On-prem Visitor" })).toBeVisible();
    // No delete and no stop on premise (the on-premise API has neither).
    await expect(page.getByRole("button", { name: "Delete visitor" })).toHaveCount(0);
    await page.getByRole("button", { name: "Co-browse", exact: true }).click();
    await expect(page).toHaveURL(watchPageOf(server.url));
    await expect(page.getByRole("heading", { name: "Session with On-prem Visitor" })).toBeVisible();
    await leave(api, visitor);
  });
});

test.describe("subscription limits", () => {
  let server: RunningServer;
  let api: APIRequestContext;
  test.beforeAll(async () => {
    server = await startServer({ env: { TANDEM_DEMO_SEED: "1" } });
    api = await apiClient(server.url, embeddedApiKey(server.dataDir));
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
  });

  test("Co-browse at the session limit says so and stays on the visitor", async ({ browser }) => {
    await setTeam(api, { max_concurrent_sessions: 0 });
    const visitor = await registerVisitor(api);
    const page = await agentPage(browser, server);
    await page.goto(`/visitors/${visitor.visitorId}`);
    await page.getByRole("button", { name: "Co-browse", exact: true }).click();
    // Scoped: Next's route announcer is an (empty) alert on every page.
    await expect(page.getByRole("region", { name: "Actions" }).getByRole("alert")).toHaveText("The session limit of the subscription is reached.");
    await expect(page).toHaveURL(`/visitors/${visitor.visitorId}`);
    await leave(api, visitor);
  });

  test("a proxy session link is shown with its validity, or the account's refusal", async ({ browser }) => {
    const visitor = await registerVisitor(api);
    const page = await agentPage(browser, server);
    const create = async () => {
      await page.goto(`/visitors/${visitor.visitorId}`);
      await page.getByLabel("Initial URL").fill("https://www.example.com/");
      await page.getByLabel("Allowed domains (comma-separated)").fill("example.com, www.example.com");
      await page.getByRole("button", { name: "Create proxy session link" }).click();
    };

    await setTeam(api, { proxy_enabled: true });
    await create();
    const link = page.getByTestId("proxy-link");
    await expect(link).toContainText("valid for a few minutes");
    await expect(link.locator("code")).toHaveText(new RegExp(`^${server.proxyUrl}/proxy/`));
    await expect(link.getByRole("button", { name: "Copy link" })).toBeVisible();

    await setTeam(api, { proxy_enabled: false });
    await create();
    await expect(page.getByRole("region", { name: "Proxy session link" }).getByRole("alert")).toHaveText("Universal proxy is not enabled for this account.");
    await leave(api, visitor);
  });

  test("a visitor's page says when history collection is off", async ({ browser }) => {
    await setTeam(api, { history_enabled: false });
    const visitor = await registerVisitor(api);
    const page = await agentPage(browser, server);
    await page.goto(`/visitors/${visitor.visitorId}`);
    await expect(page.getByText("History collection is off")).toBeVisible();
    await leave(api, visitor);
  });
});
