import type { APIRequestContext, Page, Route } from "@playwright/test";
import { apiClient, leave, registerVisitor, uniqueTag } from "../support/api";
import { demoUser, expect, signInAs, test } from "../support/fixtures";
import { visitorRow } from "./visitor-rows";

/**
 * The Visitors list arrives as server HTML with plain GET forms; its live part (polling, URL kept in
 * sync, Load more in place) loads after the page. These tests cover the time before it has loaded.
 */
let api: APIRequestContext;
test.beforeAll(async () => {
  api = await apiClient();
});
test.afterAll(async () => {
  await api?.dispose();
});

/** The scripts a page's HTML names: its script tags and the client parts its data refers to. */
async function firstLoadScripts(page: Page, path: string): Promise<Set<string>> {
  const html = await (await page.request.get(path)).text();
  return new Set(html.match(/\/_next\/static\/chunks\/[\w.-]+\.js/g));
}

/** Holds every script but those let through (by path) until `release` is called. */
async function holdScripts(page: Page, letThrough = new Set<string>()) {
  const held: Route[] = [];
  let holding = true;
  await page.route("**/_next/static/**/*.js", (route) =>
    !holding || letThrough.has(new URL(route.request().url()).pathname) ? route.continue() : void held.push(route),
  );
  return {
    held,
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Two visitors sharing a new tag, the second gone offline, and an agent signed in on `page`. */
async function twoVisitorsOneOffline(page: Page, [onlineName, offlineName]: [string, string]) {
  const tag = uniqueTag("early");
  const online = await registerVisitor(api, { identity: { tags: [tag], callName: onlineName } });
  const offline = await registerVisitor(api, { identity: { tags: [tag], callName: offlineName } });
  await leave(api, offline);
  await signInAs(page, demoUser("agent"));
  return { tag, online, offline };
}

test("text typed before the live list has loaded is kept and searched, and the list then refreshes by itself", async ({ page }) => {
  const shared = uniqueTag("early");
  const wantedTag = uniqueTag("early");
  const wanted = await registerVisitor(api, { identity: { tags: [shared, wantedTag], callName: "Early Erin" } });
  const other = await registerVisitor(api, { identity: { tags: [shared], callName: "Other Otto" } });
  await signInAs(page, demoUser("agent"));

  // No script arrives until released: the text is typed before the page is even interactive.
  const scripts = await holdScripts(page);
  // A held script keeps the load event from firing: wait for the HTML only.
  await page.goto(`/visitors?search=${encodeURIComponent(shared)}`, { waitUntil: "domcontentloaded" });
  await expect(visitorRow(page, other)).toBeVisible();
  const box = page.getByLabel("Search visitors");
  await box.fill(wantedTag);
  await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
  expect(new URL(page.url()).searchParams.get("search")).toBe(shared);

  await scripts.release();
  // Once the live list has loaded, what was typed is searched, and the box keeps the text, the focus and the caret.
  await expect(page).toHaveURL((url) => url.searchParams.get("search") === wantedTag);
  await expect(visitorRow(page, other)).toHaveCount(0);
  await expect(visitorRow(page, wanted)).toBeVisible();
  await expect(box).toHaveValue(wantedTag);
  await expect(box).toBeFocused();
  expect(await box.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(wantedTag.length);

  // It keeps itself fresh: the visitor leaving turns the badge to offline without a reload.
  await expect(visitorRow(page, wanted).getByTestId("online-state")).toHaveText("Online");
  await leave(api, wanted);
  await expect(visitorRow(page, wanted).getByTestId("online-state")).toHaveText("Offline", { timeout: 15_000 });
  await leave(api, other);
});

test("a filter chosen before the live list has loaded is applied when it arrives", async ({ page }) => {
  const { tag, online, offline } = await twoVisitorsOneOffline(page, ["Early Olga", "Early Oscar"]);

  const path = `/visitors?search=${encodeURIComponent(tag)}`;
  // The page's own scripts load; the live list's are held: the filter is chosen once the page is interactive.
  const scripts = await holdScripts(page, await firstLoadScripts(page, path));
  // A held script keeps the load event from firing: wait for the HTML only.
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await expect(visitorRow(page, offline)).toBeVisible();
  await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
  const filter = page.getByRole("group", { name: "Show" });
  await filter.getByText("Online", { exact: true }).click();
  await expect(filter.getByRole("radio", { name: "Online" })).toBeChecked();

  await scripts.release();
  await expect(page).toHaveURL((url) => url.searchParams.get("status") === "online" && url.searchParams.get("search") === tag);
  await expect(visitorRow(page, offline)).toHaveCount(0);
  await expect(visitorRow(page, online)).toBeVisible();
  await leave(api, online);
});

test("before any script has loaded, the list searches and filters: its forms put the query in the URL", async ({ page }) => {
  const { tag, online, offline } = await twoVisitorsOneOffline(page, ["Plain Paula", "Plain Pete"]);

  // No script file arrives: the page is the server's HTML and its few inline scripts.
  await page.route("**/_next/static/**/*.js", (route) => route.abort());
  await page.goto("/visitors");
  await page.getByLabel("Search visitors").fill(tag);
  await page.getByLabel("Search visitors").press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === "/visitors" && url.searchParams.get("search") === tag);
  await expect(page.getByTestId("visitor-count")).toHaveText("2 visitors match");
  await expect(visitorRow(page, offline)).toBeVisible();

  await page.getByRole("group", { name: "Show" }).getByText("Online", { exact: true }).click();
  await page.getByLabel("Search visitors").press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("status") === "online" && url.searchParams.get("search") === tag);
  await expect(visitorRow(page, online)).toBeVisible();
  await expect(visitorRow(page, offline)).toHaveCount(0);
  await leave(api, online);
});
