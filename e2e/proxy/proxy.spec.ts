import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { apiClient, embeddedApiKey, registerVisitor, setTeam } from "../support/api";
import { expect, signInAs, test, type DemoUser } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server";
import { acceptCoBrowsing, clickInReplay, createWatchLink, openAgent, replayFrame } from "../live/live-helpers";
import { startTestSite, type TestSite } from "./support/test-site";

let server: RunningServer;
let api: APIRequestContext;
let site: TestSite;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ env: { TANDEM_DEMO_SEED: "1" } });
  api = await apiClient(server.url, embeddedApiKey(server.dataDir));
  await setTeam(api, { proxy_enabled: true });
  site = await startTestSite();
});

test.afterAll(async () => {
  await api?.dispose();
  await site?.close();
  await server?.stop();
});

/** A proxy session link for the test site (127.0.0.1 only: its other name, localhost, is outside). */
async function proxyLink(): Promise<string> {
  const response = await api.post("/v1.3/proxy_sessions", {
    data: { initial_url: `${site.origin}/`, allowed_domains: ["127.0.0.1"], branding: { retry_url: `${site.origin}/` } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).proxy_url as string;
}

/** A visitor's browser that opened the link (its page, then its button): every address it asked for is kept. */
async function openLink(browser: Browser, link: string): Promise<{ page: Page; asked: string[]; proxied: (target: string) => string; sessionId: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const asked: string[] = [];
  page.on("request", (request) => asked.push(request.url()));
  await page.goto(link);
  await page.getByRole("button", { name: "Open the page" }).click();
  await expect(page).toHaveURL(new RegExp(`^${server.proxyUrl}/s/[\\w-]{22}/http/127\\.0\\.0\\.1:\\d+/$`));
  // As a goto would: the page and its subresources loaded, so what a test counts next is its own doing.
  await page.waitForLoadState("load");
  const sessionId = new URL(page.url()).pathname.split("/")[2];
  const proxied = (target: string) => `${server.proxyUrl}/s/${sessionId}/http/${new URL(site.origin).host}${target}`;
  return { page, asked, proxied, sessionId };
}

test("a visitor browses and signs in to a site through the proxy, and the browser never asks the site itself", async ({ browser }) => {
  const { page, asked, proxied } = await openLink(browser, await proxyLink());

  // Linked CSS with @import and url(), an image chosen from srcset: all through the proxy.
  await expect(page.getByRole("heading", { name: "Harbor Supplies" })).toHaveCSS("color", "rgb(0, 128, 0)");
  expect(await page.locator("body").evaluate((body) => getComputedStyle(body).backgroundImage)).toBe(`url("${proxied("/images/background.png")}")`);
  expect(await page.locator("#badge").evaluate((badge) => getComputedStyle(badge).backgroundImage)).toBe(`url("${proxied("/images/badge.png")}")`);
  const logo = page.getByRole("img", { name: "Harbor Supplies logo" });
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  expect(await logo.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(new RegExp(`^${proxied("/images/logo-")}[12]x\\.png$`));
  // The site's own script, loaded through the proxy, runs.
  await page.getByRole("button", { name: "Say hello" }).click();
  await expect(page.locator("#greeting")).toHaveText("Hello from Harbor Supplies");

  // Relative and absolute links stay on the proxy.
  await page.getByRole("link", { name: "About us (relative link)" }).click();
  await expect(page).toHaveURL(proxied("/about.html"));
  await expect(page.getByRole("heading", { name: "About us" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the shop" }).click();
  await page.getByRole("link", { name: "About us (absolute link)" }).click();
  await expect(page).toHaveURL(proxied("/about.html"));

  // The account page redirects to the sign-in form; signing in sets an HttpOnly cookie, kept by the proxy.
  await page.goto(proxied("/account"));
  await expect(page).toHaveURL(proxied("/login"));
  await page.getByLabel("User").fill("ada");
  await page.getByLabel("Password").fill("harbor");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(proxied("/account"));
  await expect(page.locator("#signed-in")).toHaveText("Signed in as Ada Lovelace");
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toEqual(["tandem_proxy"]);
  expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: "Lax", path: new URL(proxied("/")).pathname.split("/http/")[0] + "/" });
  expect(site.requests.some((request) => request.path === "/account" && request.cookie.startsWith("sid="))).toBe(true);

  // A redirect to an absolute address of the site, and the site's JSON API, still through the proxy, still signed in.
  await page.goto(proxied("/"));
  await page.getByRole("link", { name: "Your account (old address)" }).click();
  await expect(page).toHaveURL(proxied("/account"));
  await expect(page.locator("#signed-in")).toBeVisible();
  await page.goto(proxied("/api/products"));
  await expect(page.locator("body")).toContainText('"name":"Mooring rope"');

  // Nothing was asked of the site (or any other host) but through the proxy; the visitor script talks to Tandem.
  const elsewhere = asked.filter((url) => !url.startsWith(`${server.proxyUrl}/`) && !url.startsWith(`${server.url}/`));
  expect(elsewhere).toEqual([]);
  await page.context().close();
});

test("a link outside allowed_domains is refused with a page offering retry_url", async ({ browser }) => {
  const { page, proxied } = await openLink(browser, await proxyLink());
  const before = site.requests.length;
  await page.getByRole("link", { name: "Our partner's site" }).click();
  await expect(page.getByRole("heading", { name: "This site is not part of this session" })).toBeVisible();
  await expect(page.getByText(`${new URL(site.outsideOrigin).host} is outside the sites this proxy session may visit`)).toBeVisible();
  expect(site.requests.length).toBe(before);
  await page.getByRole("link", { name: "Retry" }).click();
  await expect(page).toHaveURL(proxied("/"));
  await expect(page.getByRole("heading", { name: "Harbor Supplies" })).toBeVisible();
  await page.context().close();
});

test("a proxy session link opens once, with its button (a link scanner's GET does not spend it): a second opening gets a page saying so", async ({
  browser,
}) => {
  const link = await proxyLink();
  const scanner = await fetch(link);
  expect(scanner.status).toBe(200);
  expect(scanner.headers.get("set-cookie")).toBeNull();
  const first = await openLink(browser, link);
  const other = await browser.newContext();
  const second = await other.newPage();
  const answer = await second.goto(link);
  expect(answer?.status()).toBe(410);
  await expect(second.getByRole("heading", { name: "This link was already used" })).toBeVisible();
  // Nor can that browser use the first one's session.
  const borrowed = await second.goto(first.proxied("/"));
  expect(borrowed?.status()).toBe(403);
  await expect(second.getByRole("heading", { name: "This proxy session is not open in this browser" })).toBeVisible();
  await other.close();
  await first.page.context().close();
});

test("an agent co-browses the proxied page with the usual watch link, sees it and clicks for the visitor", async ({ browser }) => {
  const visitor = await openLink(browser, await proxyLink());
  // The visitor is a Visitor of the team, found by the session's path in their address.
  let visitorId = "";
  await expect
    .poll(async () => {
      const { visitors } = await (await api.get(`/v1.3/list?search=${encodeURIComponent(`/s/${visitor.sessionId}/`)}`)).json();
      visitorId = visitors.find((found: { last_url?: string }) => found.last_url?.includes(`/s/${visitor.sessionId}/`))?.short_id ?? "";
      return visitorId;
    })
    .not.toBe("");

  const agentView = await openAgent(browser, await createWatchLink(api, visitorId));
  await acceptCoBrowsing(visitor.page);
  const replay = replayFrame(agentView.page);
  await expect(replay.getByRole("heading", { name: "Harbor Supplies" })).toBeVisible();
  // The agent's browser has no proxy session cookie: the proxy still gives it the page's images.
  await expect.poll(() => replay.locator("#logo").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await clickInReplay(agentView.page, "#greet");
  await expect(visitor.page.locator("#greeting")).toHaveText("Hello from Harbor Supplies");
  await expect(replay.locator("#greeting")).toHaveText("Hello from Harbor Supplies");
  await agentView.close();
  await visitor.page.context().close();
});

test("the console's proxy link form offers Co-browse for the visitor who opened the link", async ({ browser }) => {
  const users = JSON.parse(fs.readFileSync(path.join(server.dataDir, "demo-credentials.json"), "utf8")) as DemoUser[];
  const consoleContext = await browser.newContext({ baseURL: server.url });
  const consolePage = await consoleContext.newPage();
  const agentUser = users.find((user) => user.role === "agent")!;
  await signInAs(consolePage, agentUser);
  const someone = await registerVisitor(api);
  await consolePage.goto(`/visitors/${someone.visitorId}`);
  await consolePage.getByLabel("Initial URL").fill(`${site.origin}/`);
  await consolePage.getByLabel("Allowed domains (comma-separated)").fill("127.0.0.1");
  await consolePage.getByRole("button", { name: "Create proxy session link" }).click();
  const form = consolePage.getByTestId("proxy-link");
  await expect(form.getByRole("status")).toContainText("Waiting for the visitor to open the link");
  const link = (await form.locator("code").textContent())!;
  expect(link.startsWith(`${server.proxyUrl}/proxy/`)).toBe(true);

  const visitor = await openLink(browser, link);
  const found = form.getByTestId("proxy-visitor");
  await expect(found).toContainText("is browsing through the proxy");
  await found.getByRole("button", { name: "Co-browse", exact: true }).click();
  await expect(consolePage).toHaveURL(new RegExp(`^${server.url}/watch/session/`));
  // Co-browse loads the watch page afresh, under its own policy: the replay's images from the proxy
  // origin load (a navigation inside the console's page would keep the console's policy and block them).
  await visitor.page
    .getByRole("dialog", { name: `${agentUser.name} wants to see this page` })
    .getByRole("button", { name: "Accept" })
    .click();
  await expect(replayFrame(consolePage).getByRole("heading", { name: "Harbor Supplies" })).toBeVisible();
  await consoleContext.close();
  await visitor.page.context().close();
});

test.describe("with private networks off (as in production)", () => {
  let guarded: RunningServer;
  let guardedApi: APIRequestContext;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    guarded = await startServer({ env: { TANDEM_DEMO_SEED: "0", PROXY_ALLOW_PRIVATE_NETWORKS: "false" } });
    guardedApi = await apiClient(guarded.url, embeddedApiKey(guarded.dataDir));
    await setTeam(guardedApi, { proxy_enabled: true });
  });
  test.afterAll(async () => {
    await guardedApi?.dispose();
    await guarded?.stop();
  });

  test("the proxy refuses loopback, private and link-local addresses, by address or by name", async ({ page }) => {
    const response = await guardedApi.post("/v1.3/proxy_sessions", { data: { initial_url: `${site.origin}/`, allowed_domains: ["*"] } });
    const before = site.requests.length;
    await page.goto((await response.json()).proxy_url);
    await page.getByRole("button", { name: "Open the page" }).click();
    await expect(page.getByRole("heading", { name: "This address cannot be visited" })).toBeVisible();
    const sessionPath = new URL(page.url()).pathname.split("/").slice(0, 3).join("/");
    const port = new URL(site.origin).port;
    for (const target of [
      `http/localhost:${port}/`,
      `http/[::1]:${port}/`,
      "http/169.254.169.254/latest/meta-data/",
      "http/10.0.0.1/",
      "http/192.168.1.1/",
      "http/[fd00::1]/",
    ]) {
      const answer = await page.goto(`${guarded.proxyUrl}${sessionPath}/${target}`);
      expect(answer?.status(), target).toBe(403);
      await expect(page.getByRole("heading", { name: "This address cannot be visited" })).toBeVisible();
    }
    expect(site.requests.length).toBe(before);
  });
});
