/* eslint-disable @next/next/no-location-assign-relative-destination -- the navigations run in proxied pages, as their scripts would, not in Tandem's Next pages */
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { liveServer } from "../live/live-helpers";
import { test } from "../support/fixtures";
import { startTestSite, type TestSite } from "./support/test-site";

/**
 * The runtime the proxy puts in every proxied page, in a real browser through the real proxy: what the
 * page's scripts do after load (requests, elements, navigation, document.cookie, storage) stays on the
 * proxy, and two proxied sites in one browser stay apart.
 */
const live = liveServer({ proxy_enabled: true });
let site: TestSite;

test.beforeAll(async () => {
  site = await startTestSite();
});
test.afterAll(async () => {
  await site?.close();
});

const host = (origin: string) => new URL(origin).host;

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Every address the browser asked for, pages, subresources, scripts' requests and sockets alike. */
  requested: string[];
}

/** Opens a proxy session link for `path` on the test site in `context` (a new browser context by default). */
async function openProxySession(
  browser: Browser,
  path: string,
  options: { allowed?: string[]; context?: BrowserContext; waitUntil?: "load" | "commit" } = {},
): Promise<Visit> {
  const response = await live.api.post("/v1.3/proxy_sessions", {
    data: { initial_url: `${site.origin}${path}`, allowed_domains: options.allowed ?? ["127.0.0.1"] },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { proxy_url: link } = (await response.json()) as { proxy_url: string };
  const context = options.context ?? (await browser.newContext());
  const requested: string[] = [];
  context.on("request", (request) => requested.push(request.url()));
  context.on("page", (page) => page.on("websocket", (socket) => requested.push(socket.url())));
  const page = await context.newPage();
  // The link's page opens the session with its button (a GET alone does not spend the link).
  await page.goto(link);
  await page.getByRole("button", { name: "Open the page" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/s/"), { waitUntil: options.waitUntil ?? "load" });
  return { context, page, requested };
}

/** The proxied address of `path` on the test site in the page's proxy session, as a pattern. */
function proxiedAddress(path: string, origin = site.origin): RegExp {
  const escaped = `/http/${host(origin)}${path}`.replace(/[.?*+^$()[\]{}|\\]/g, "\\$&");
  return new RegExp(`^${live.server.proxyUrl.replace(/[.]/g, "\\.")}/s/[^/]+${escaped}$`);
}

/**
 * Waits for the runtime to run on the page now shown. A page's own scripts never run before it, but the
 * test's `page.evaluate` can: at the end of a page without scripts, the runtime waits for the page's
 * stylesheets, and the markup above it is there already.
 */
async function runtimeRunning(page: Page): Promise<void> {
  await page.waitForFunction(() => "__tandemProxyRuntime" in window);
}

/** Whether the browser asked for anything outside the proxy (and the Tandem service the visitor script talks to). */
function outsideProxy(requested: string[]): string[] {
  const allowed = [new URL(live.server.proxyUrl).host, new URL(live.server.url).host];
  return requested.filter((address) => !address.startsWith("data:") && !allowed.includes(new URL(address).host));
}

test("a page's scripts fetch its API and add an image and a link, and the browser requests nothing but the proxy", async ({ browser }) => {
  const { context, page, requested } = await openProxySession(browser, "/runtime/index.html");
  await expect(page.locator("#product")).toHaveText("Mooring rope");
  await expect(page.locator("#product-absolute")).toHaveText("Mooring rope");
  expect(site.requests.filter((request) => request.path === "/api/products")).toHaveLength(2);

  const image = page.locator("#added-image");
  await expect(image).toHaveJSProperty("complete", true);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(proxiedAddress("/runtime/dot.svg"));
  expect(await page.locator("#added-link").evaluate((link: HTMLAnchorElement) => link.href)).toMatch(proxiedAddress("/runtime/next.html"));

  // Other ways scripts reach the site: XHR, a beacon, and markup with a frame, a stylesheet and a cell's background.
  const xhrStatus = await page.evaluate(async (origin) => {
    const request = new XMLHttpRequest();
    request.open("GET", `${origin}/api/products`);
    const done = new Promise((resolve) => request.addEventListener("loadend", resolve));
    request.send();
    await done;
    navigator.sendBeacon(`${origin}/api/products?beacon`, "seen");
    document.body.insertAdjacentHTML(
      "beforeend",
      `<iframe id="frame" src="${origin}/runtime/next.html"></iframe><link rel="stylesheet" href="${origin}/styles/site.css">` +
        `<table><tr><td background="${origin}/runtime/dot.svg?cell" style="height:20px">cell</td></tr></table>`,
    );
    return request.status;
  }, site.origin);
  expect(xhrStatus).toBe(200);
  await expect(page.frameLocator("#frame").getByRole("heading", { name: "Next page" })).toBeVisible();

  await page.locator("#added-link").click();
  await expect(page.getByRole("heading", { name: "Next page" })).toBeVisible();
  expect(page.url()).toMatch(proxiedAddress("/runtime/next.html"));

  expect(requested.some((address) => address.includes("/api/products?beacon"))).toBe(true);
  // A table cell's background, an address the proxy's rewriter and its runtime both know (one table).
  await expect.poll(() => requested.some((address) => proxiedAddress("/runtime/dot.svg?cell").test(address))).toBe(true);
  expect(outsideProxy(requested)).toEqual([]);
  await context.close();
});

test("history and location changes a script makes keep the page on the proxy", async ({ browser }) => {
  const { context, page, requested } = await openProxySession(browser, "/runtime/next.html");
  await page.evaluate((origin) => {
    history.pushState({ step: 2 }, "", "/runtime/index.html?step=2");
    history.replaceState({ step: 3 }, "", `${origin}/runtime/index.html?step=3`);
  }, site.origin);
  expect(page.url()).toMatch(proxiedAddress("/runtime/index.html?step=3"));
  const outsideOrigin = await page.evaluate(() => {
    try {
      history.pushState(null, "", "https://elsewhere.example/");
      return "accepted";
    } catch (error) {
      return (error as DOMException).name;
    }
  });
  expect(outsideOrigin).toBe("SecurityError");

  // The address pushState left is one the proxy serves.
  await page.reload();
  await expect(page.locator("#product")).toHaveText("Mooring rope");

  // location assignments: the site's full address, then a path on the proxy's own origin.
  await page.evaluate((origin) => (location.href = `${origin}/runtime/next.html?by=location`), site.origin);
  await expect(page).toHaveURL(proxiedAddress("/runtime/next.html?by=location"));
  await expect(page.getByRole("heading", { name: "Next page" })).toBeVisible();
  await page.evaluate(() => location.assign("/runtime/next.html?by=path"));
  await expect(page).toHaveURL(proxiedAddress("/runtime/next.html?by=path"));
  await expect(page.getByRole("heading", { name: "Next page" })).toBeVisible();
  // window.open with the site's address opens its proxied address.
  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    page.evaluate((origin) => void window.open(`${origin}/runtime/next.html?by=open`), site.origin),
  ]);
  await expect(popup).toHaveURL(proxiedAddress("/runtime/next.html?by=open"));

  expect(outsideProxy(requested)).toEqual([]);
  await context.close();
});

test("document.cookie shows and stores the page's cookies, and never the HttpOnly session cookie", async ({ browser }) => {
  const { context, page } = await openProxySession(browser, "/login");
  await page.getByLabel("User").fill("ada");
  await page.getByLabel("Password").fill("harbor");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#signed-in")).toHaveText("Signed in as Ada Lovelace");
  await runtimeRunning(page);
  const signedInCookies = await page.evaluate(() => document.cookie);
  expect(signedInCookies).not.toContain("sid=");
  expect(signedInCookies).not.toContain("tandem_proxy");

  // A write shows at once; a script cannot make an HttpOnly cookie.
  expect(await page.evaluate(() => ((document.cookie = "theme=dark; path=/"), document.cookie))).toContain("theme=dark");
  expect(await page.evaluate(() => ((document.cookie = "forged=1; path=/; HttpOnly"), document.cookie))).not.toContain("forged");

  // The next page (navigated to by the script right after a write) sends it to the site and shows it again.
  await page.evaluate(() => {
    document.cookie = "cart=3; path=/";
    location.href = "/runtime/next.html";
  });
  await expect(page.getByRole("heading", { name: "Next page" })).toBeVisible();
  await runtimeRunning(page);
  const sent = site.requests.findLast((request) => request.path === "/runtime/next.html")!.cookie;
  expect(sent).toContain("theme=dark");
  expect(sent).toContain("cart=3");
  expect(sent).toContain("sid=");
  expect(sent).not.toContain("forged");
  const shown = await page.evaluate(() => document.cookie);
  expect(shown).toContain("theme=dark");
  expect(shown).toContain("cart=3");
  expect(shown).not.toContain("sid=");

  // Deleting one: gone at once, and from the jar.
  expect(await page.evaluate(() => ((document.cookie = "theme=; path=/; max-age=0"), document.cookie))).not.toContain("theme=");
  // The page reloads itself right away: the reload waits until the jar has the deletion.
  await Promise.all([page.waitForEvent("load"), page.evaluate(() => void setTimeout(() => location.reload()))]);
  expect(await page.evaluate(() => document.cookie)).not.toContain("theme=");
  await context.close();
});

test("two proxied sites in one browser do not see each other's storage or cookies", async ({ browser }) => {
  const both = ["127.0.0.1", "localhost"];
  const first = await openProxySession(browser, "/runtime/next.html", { allowed: both });
  const write = (page: Page, value: string) =>
    page.evaluate(async (value) => {
      localStorage.setItem("who", value);
      sessionStorage.setItem("who", value);
      document.cookie = `who=${value}; path=/`;
      await new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open(`db-${value}`, 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore("items");
        opening.onsuccess = () => (opening.result.close(), resolve());
        opening.onerror = () => reject(opening.error);
      });
    }, value);
  const read = (page: Page) =>
    page.evaluate(async () => ({
      local: localStorage.getItem("who"),
      localKeys: Object.keys(localStorage).filter((key) => !key.startsWith("tandem.")),
      session: sessionStorage.getItem("who"),
      cookie: document.cookie,
      databases: (await indexedDB.databases()).map((database) => database.name),
    }));
  await write(first.page, "first-site");

  // The same tab, the same proxy session, another site (another origin).
  await first.page.evaluate((origin) => (location.href = `${origin}/runtime/next.html`), site.outsideOrigin);
  await expect(first.page).toHaveURL(proxiedAddress("/runtime/next.html", site.outsideOrigin));
  await expect(first.page.getByRole("heading", { name: "Next page" })).toBeVisible();
  await runtimeRunning(first.page);
  expect(await read(first.page)).toEqual({ local: null, localKeys: [], session: null, cookie: "", databases: [] });
  await write(first.page, "second-site");
  await first.page.evaluate((origin) => (location.href = `${origin}/runtime/next.html`), site.origin);
  await expect(first.page).toHaveURL(proxiedAddress("/runtime/next.html"));
  await expect(first.page.getByRole("heading", { name: "Next page" })).toBeVisible();
  await runtimeRunning(first.page);
  expect(await read(first.page)).toEqual({
    local: "first-site",
    localKeys: ["who"],
    session: "first-site",
    cookie: "who=first-site",
    databases: ["db-first-site"],
  });

  // Another proxy session in the same browser, on the first site.
  const second = await openProxySession(browser, "/runtime/next.html", { allowed: both, context: first.context });
  expect(await read(second.page)).toEqual({ local: null, localKeys: [], session: null, cookie: "", databases: [] });
  await first.context.close();
});

test("a proxied page cannot register a service worker", async ({ browser }) => {
  const { context, page } = await openProxySession(browser, "/runtime/next.html");
  const warnings: string[] = [];
  page.on("console", (message) => void (message.type() === "warning" && warnings.push(message.text())));
  const outcome = await page.evaluate(async () => {
    try {
      await navigator.serviceWorker.register("/runtime/dot.svg");
      return "registered";
    } catch (error) {
      return (error as DOMException).name;
    }
  });
  expect(outcome).toBe("SecurityError");
  expect(warnings.some((text) => text.includes("service worker"))).toBe(true);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await context.close();
});

test("the runtime is inline in the page and runs before the page's first script", async ({ browser }) => {
  const { context, page, requested } = await openProxySession(browser, "/runtime/first-script.html");
  await expect(page.getByRole("heading", { name: "First script" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { firstScriptSaw: unknown }).firstScriptSaw)).toEqual({
    runtime: true,
    fetchPatched: true,
    scriptsBefore: 1,
  });
  // One round trip less before the page's parsing goes on: the runtime is not asked for.
  expect(requested.filter((address) => address.includes("/__tandem/proxy-runtime.js"))).toEqual([]);
  await context.close();
});

test("a real app (TodoMVC) works through the proxy, the runtime before its first script and its todos in its own storage", async ({ browser }) => {
  const { context, page, requested } = await openProxySession(browser, "/todomvc/");
  // The runtime comes after the page's markup, right before the app's first script (the visitor
  // script, which the runtime adds once the page has loaded, aside).
  const scripts = await page.evaluate(() => [...document.scripts].map((script) => (script.dataset.tandemProxy ? "runtime" : script.src)));
  const pageScripts = scripts.filter((script) => !script.startsWith(live.server.url));
  expect(pageScripts[0]).toBe("runtime");
  expect(pageScripts[1]).toMatch(proxiedAddress("/todomvc/bower_components/todomvc-common/base.js"));
  expect(await page.evaluate(() => document.querySelector("script[data-tandem-proxy]")?.previousElementSibling?.id)).toBe("info");
  await page.locator("#new-todo").fill("Coil the mooring rope");
  await page.locator("#new-todo").press("Enter");
  await expect(page.locator("#todo-list li label")).toHaveText(["Coil the mooring rope"]);
  await page.reload();
  await expect(page.locator("#todo-list li label")).toHaveText(["Coil the mooring rope"]);
  // Stored under the proxy's prefix for this session and site, not under the app's own name.
  const keys = (await context.storageState()).origins.flatMap((origin) => origin.localStorage.map((item) => item.name));
  expect(keys.some((key) => key.startsWith("tandem-proxy:") && key.endsWith("todos-vanillajs"))).toBe(true);
  expect(keys).not.toContain("todos-vanillajs");
  expect(outsideProxy(requested)).toEqual([]);
  await context.close();
});

test("a page whose head links a stylesheet before its script gets the runtime before the stylesheet, which is asked for once", async ({ browser }) => {
  const { context, page, requested } = await openProxySession(browser, "/index.html");
  const around = await page.evaluate(() => {
    const runtime = document.querySelector("script[data-tandem-proxy]");
    const link = (element: Element | null | undefined) =>
      element instanceof HTMLLinkElement ? { rel: element.rel, as: element.as, href: element.href, applied: !!element.sheet } : null;
    return { parent: runtime?.parentElement?.localName, before: link(runtime?.previousElementSibling), after: link(runtime?.nextElementSibling) };
  });
  const stylesheet = proxiedAddress("/styles/site.css");
  expect(around).toEqual({
    parent: "head",
    before: { rel: "preload", as: "style", href: expect.stringMatching(stylesheet), applied: false },
    after: { rel: "stylesheet", as: "", href: expect.stringMatching(stylesheet), applied: true },
  });
  // The preload's answer is the stylesheet's: one request, and the page styled by it.
  expect(requested.filter((address) => stylesheet.test(address))).toHaveLength(1);
  await expect(page.locator("h1")).toHaveCSS("color", "rgb(0, 128, 0)");
  await context.close();
});

test("the visitor script comes after the page's load event, and the visitor registers", async ({ browser }) => {
  const context = await browser.newContext();
  const registered = context.waitForEvent("response", { predicate: (response) => response.url().endsWith("/collect/register") && response.ok() });
  const { page } = await openProxySession(browser, "/index.html", { context });
  await registered;
  const timing = await page.evaluate(() => ({
    loaded: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
    visitorScript: performance.getEntriesByType("resource").find((entry) => new URL(entry.name).pathname === "/cobrowse.js")?.startTime,
  }));
  expect(timing.loaded).toBeGreaterThan(0);
  expect(timing.visitorScript).toBeGreaterThanOrEqual(timing.loaded);
  await context.close();
});

test("a page whose load drags on still gets its visitor registered", async ({ browser }) => {
  const context = await browser.newContext();
  const registered = context.waitForEvent("response", { predicate: (response) => response.url().endsWith("/collect/register") && response.ok() });
  const { page } = await openProxySession(browser, "/runtime/still-loading.html", { context, waitUntil: "commit" });
  await registered;
  expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
  await context.close();
});
