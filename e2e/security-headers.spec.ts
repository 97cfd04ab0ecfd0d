import type { APIRequestContext, APIResponse, Frame, Page } from "@playwright/test";
import { apiClient, registerVisitor, setTeam } from "./support/api";
import { startEmbeddingSite } from "./support/embedding-site";
import { demoUser, expect, signInAs, test } from "./support/fixtures";

let api: APIRequestContext;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  api = await apiClient();
});

test.afterAll(async () => {
  await setTeam(api, { embed_origins: [] });
  await api?.dispose();
});

/**
 * The headers every answer of Tandem carries (the public URL of the test server is http: no HSTS). The
 * pages of a voice call (the watch page, the sample shop) may use the microphone and camera themselves.
 */
function expectBaseHeaders(response: APIResponse, { callPage = false } = {}) {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["permissions-policy"]).toContain(callPage ? "camera=(self)" : "camera=()");
  expect(headers["permissions-policy"]).toContain(callPage ? "microphone=(self)" : "microphone=()");
  expect(headers["permissions-policy"]).toContain("geolocation=()");
  expect(headers["strict-transport-security"]).toBeUndefined();
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

async function watchLink(): Promise<string> {
  const visitor = await registerVisitor(api);
  const response = await api.post(`/v1.3/visitors/${visitor.visitorId}/watch_url`, {
    data: { agent: { id: "embed-agent", name: "Embed Agent" }, branding: { naked: "page_only" } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).watch_url as string;
}

/** Opens a page of `origin` (a local site of the test's) that frames `src`; the frame. */
async function frameFrom(page: Page, origin: string, src: string): Promise<Frame> {
  await page.goto(`${origin}/?frame=${encodeURIComponent(src)}`);
  return page.frames().find((candidate) => candidate !== page.mainFrame())!;
}

const titleOf = (frame: Frame) => () => frame.evaluate(() => document.title).catch(() => "");

/** Chromium replaces a frame it refuses to show (frame-ancestors) with its error page. */
const refused = (frame: Frame) => () => frame.url().startsWith("chrome-error:");

test("a console page has a nonce policy, and every script it sends carries the nonce", async ({ page }) => {
  await signInAs(page, demoUser("admin"));
  const response = await page.request.get("/usage");
  expect(response.status()).toBe(200);
  const policy = directives(response.headers()["content-security-policy"] ?? "");
  const nonce = policy
    .get("script-src")
    ?.find((source) => source.startsWith("'nonce-"))
    ?.slice("'nonce-".length, -1);
  expect(nonce, "script-src has a nonce").toMatch(/^[A-Za-z0-9+/]{20,}={0,2}$/);
  expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);

  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(2);
  for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);

  // A fresh nonce for every answer.
  const again = (await page.request.get("/usage")).headers()["content-security-policy"];
  expect(again).not.toContain(nonce);
});

test("a script injected into a console page without the nonce does not run; the page's own scripts do", async ({ page, cspViolations }) => {
  await signInAs(page, demoUser("admin"));
  // Stands in for markup an attacker got into the page: inline and external scripts without the nonce.
  await page.route("**/usage", async (route) => {
    const response = await route.fetch();
    const injected = `<script>window.injectedInline = true</script><script src="/cobrowse.js"></script>`;
    await route.fulfill({ response, body: (await response.text()).replace("<body", `${injected}<body`) });
  });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/usage");
  await expect(page.getByTestId("current-user")).toBeVisible();
  // The page's own inline scripts ran: the theme script and Next's.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => "injectedInline" in window)).toBe(false);
  expect(await page.evaluate(() => "Tandem" in window)).toBe(false);
  expect(await page.evaluate(() => Array.isArray((window as unknown as { __next_f?: unknown[] }).__next_f))).toBe(true);
  await expect.poll(() => cspViolations.filter((message) => message.includes("script-src")).length).toBeGreaterThanOrEqual(2);
  cspViolations.length = 0;
});

test("the watch page refuses to be framed by a site the team has not allowed, and is framed by one it has", async ({ page, cspViolations }) => {
  const site = await startEmbeddingSite((path) => {
    const src = new URL(path, "http://site").searchParams.get("frame") ?? "";
    return `<title>Embedder</title><iframe title="Co-browsing" src="${src.replace(/"/g, "&quot;")}"></iframe>`;
  });
  const allowed = site.origin;
  const other = site.otherOrigin;

  await setTeam(api, { embed_origins: [] });
  const unlisted = await frameFrom(page, allowed, await watchLink());
  await expect.poll(refused(unlisted)).toBe(true);
  expect(await titleOf(unlisted)()).not.toContain("Co-browsing session");
  expect(cspViolations.join("\n")).toContain(`violates the following Content Security Policy directive: "frame-ancestors 'none'"`);
  cspViolations.length = 0;

  await setTeam(api, { embed_origins: [allowed] });
  const listed = await frameFrom(page, allowed, await watchLink());
  await expect.poll(titleOf(listed)).toBe("Co-browsing session · Tandem");

  const elsewhere = await frameFrom(page, other, await watchLink());
  await expect.poll(refused(elsewhere)).toBe(true);
  expect(await titleOf(elsewhere)()).not.toContain("Co-browsing session");
  expect(cspViolations.join("\n")).toContain(`violates the following Content Security Policy directive: "frame-ancestors ${allowed}"`);
  cspViolations.length = 0;
  await site.close();
});

test("the watch page's own policy: no referrer, the team's framing origins, the replay's styles, images and media from the visitor's site, never its scripts", async () => {
  await setTeam(api, { embed_origins: ["https://support.example.com", "https://help.example.org:8443"] });
  const response = await api.get(await watchLink(), { maxRedirects: 0 });
  expectBaseHeaders(response, { callPage: true });
  expect(response.headers()["referrer-policy"]).toBe("no-referrer");
  const policy = directives(response.headers()["content-security-policy"] ?? "");
  expect(policy.get("frame-ancestors")).toEqual(["https://support.example.com", "https://help.example.org:8443"]);
  expect(policy.get("script-src")).not.toContain("https:");
  expect(policy.get("script-src")).not.toContain("http:");
  expect(policy.get("style-src")).toContain("https:");
  expect(policy.get("img-src")).toContain("https:");
  expect(policy.get("media-src")).toContain("https:");
  expect(policy.get("object-src")).toEqual(["'none'"]);

  // A client cannot name its own framing origins.
  await setTeam(api, { embed_origins: [] });
  const spoofed = await api.get(await watchLink(), { headers: { "x-tandem-embed-origins": "https://evil.example" } });
  expect(directives(spoofed.headers()["content-security-policy"] ?? "").get("frame-ancestors")).toEqual(["'none'"]);
});

test("every kind of answer carries the security headers: a console page, the service, the visitor script", async ({ page }) => {
  await signInAs(page, demoUser("admin"));
  const consolePage = await page.request.get("/usage");
  expectBaseHeaders(consolePage);
  expect(consolePage.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");

  const login = await api.get("/login");
  expectBaseHeaders(login);
  expect(login.headers()["content-security-policy"]).toContain("'nonce-");

  const serviceAnswer = await api.get("/service-admin/team");
  expect(serviceAnswer.status()).toBe(200);
  expectBaseHeaders(serviceAnswer);
  expect(serviceAnswer.headers()["content-type"]).toMatch(/^application\/json/);

  const collect = await api.post("/collect/register", { data: { publicKey: "pk_none", url: "https://shop.example.com/", title: "Shop" } });
  expectBaseHeaders(collect);
  expect(collect.headers()["content-type"]).toMatch(/^application\/json/);

  const visitorScript = await api.get("/cobrowse.js");
  expect(visitorScript.status()).toBe(200);
  expectBaseHeaders(visitorScript);
  expect(visitorScript.headers()["content-type"]).toMatch(/^application\/javascript/);

  const demo = await api.get("/demo");
  expectBaseHeaders(demo, { callPage: true });
  expect(demo.headers()["content-security-policy"]).toContain("'nonce-");
});
