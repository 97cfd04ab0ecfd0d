import { describe, expect, it, vi, afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { proxySessionIdOfLink } from "@/lib/contract/proxy-link";
import { proxySessions } from "../core/schema";
import { databaseWithTeam } from "../visitors/ingest/test-fixtures";
import { listen, proxyLink, startTestProxy, type Listening } from "./test-proxy";
import { sweepProxySessions } from "./sessions";

vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "proxy-test-link-signing-secret-0123456789abcd";
});

const fixture = databaseWithTeam();
let site: Listening;
let proxy: Listening;

beforeAll(async () => {
  site = await listen((req, res) => {
    const url = new URL(req.url ?? "/", "http://site");
    if (url.pathname === "/login") {
      res.writeHead(302, { location: "/account", "set-cookie": ["sid=secret-session; HttpOnly; Path=/", "theme=dark; Path=/"] });
      return res.end();
    }
    if (url.pathname === "/account") {
      const signedIn = (req.headers.cookie ?? "").includes("sid=secret-session");
      res.writeHead(signedIn ? 200 : 401, { "content-type": "text/html" });
      return res.end(`<title>Account</title><p>${signedIn ? "Signed in" : "Please sign in"}</p><p id="cookie">${req.headers.cookie ?? ""}</p>`);
    }
    if (url.pathname === "/set") {
      res.writeHead(204, { "set-cookie": `${url.searchParams.get("name")}=1; Path=/` });
      return res.end();
    }
    if (url.pathname === "/echo-headers") {
      res.writeHead(200, {
        "content-type": "application/json",
        "content-security-policy": "default-src https://site",
        "strict-transport-security": "max-age=1",
      });
      return res.end(JSON.stringify(req.headers));
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": "default-src 'self'" });
    res.end('<!doctype html><html><head><title>Home</title></head><body><a href="/account">Account</a></body></html>');
  });
  proxy = await startTestProxy(fixture.db);
});
afterAll(async () => {
  await proxy?.close();
  await site?.close();
});

const claims = () => ({ team: fixture.team.id, initial_url: `${site.url}/`, allowed_domains: ["127.0.0.1"], retry_url: `${site.url}/` });

/** Opens a link like a browser: the session's cookie, and where it was sent. */
async function open(link: string): Promise<{ cookie: string; location: string }> {
  const answer = await fetch(link, { redirect: "manual" });
  expect(answer.status).toBe(303);
  return { cookie: answer.headers.get("set-cookie")!.split(";")[0], location: answer.headers.get("location")! };
}

describe("proxy session links", () => {
  it("open once: the session's cookie is scoped to its path, HttpOnly and SameSite=Lax; the second opening gets a page saying so", async () => {
    const link = await proxyLink(proxy.url, claims());
    const id = await proxySessionIdOfLink(link);
    const first = await fetch(link, { redirect: "manual" });
    expect(first.status).toBe(303);
    const port = new URL(site.url).port;
    expect(first.headers.get("location")).toBe(`/s/${id}/http/127.0.0.1:${port}/`);
    expect(first.headers.get("set-cookie")).toMatch(new RegExp(`^tandem_proxy=ps_[\\w-]+; Path=/s/${id}/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`));

    const second = await fetch(link, { redirect: "manual" });
    expect(second.status).toBe(410);
    expect(await second.text()).toContain("This link was already used");
  });

  it("refuse expired and tampered links with a page", async () => {
    const expired = await proxyLink(proxy.url, claims(), new Date(Date.now() - 1000));
    expect((await fetch(expired)).status).toBe(410);
    const tampered = `${await proxyLink(proxy.url, claims())}x`;
    const answer = await fetch(tampered);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain("This link is not valid");
    // Signed, but to an address the proxy has no name for (the API refuses to make such a link).
    const nowhere = await fetch(await proxyLink(proxy.url, { ...claims(), initial_url: "https://./" }), { redirect: "manual" });
    expect(nowhere.status).toBe(404);
    expect(await nowhere.text()).toContain("This link is not valid");
  });
});

describe("the proxy", () => {
  it("serves the page rewritten, the runtime (with the visitor script to add) first in <head>, with its own CSP, never from a cache", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const answer = await fetch(`${proxy.url}${location}`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'self' data: blob:");
    // The page carries the jar's cookies as they were: back and forward must not show an old copy.
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const html = await answer.text();
    const id = location.split("/")[2];
    const config = JSON.stringify({
      session: id,
      target: `${site.url}/`,
      proxyOrigin: proxy.url,
      allowedDomains: ["127.0.0.1"],
      cookies: "",
      visitor: { src: "http://service.test/cobrowse.js", publicKey: fixture.team.publicKey },
    }).replaceAll('"', "&quot;");
    // This proxy has no built runtime to put inline: the page asks for it (runtime-script.test.ts has the inline tag).
    expect(html).toContain(`<head><script src="/__tandem/proxy-runtime.js" data-tandem-proxy="${config}"></script><title>Home</title>`);
    expect(html).not.toContain('cobrowse.js"');
    expect(html).toContain(`<a href="/s/${id}/http/127.0.0.1:${new URL(site.url).port}/account">`);
  });

  it("keeps the site's cookies in the jar: HttpOnly ones never reach the browser, scripts see the others", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const base = `${proxy.url}${location}`;
    const login = await fetch(`${base}login`, { headers: { cookie }, redirect: "manual" });
    expect(login.status).toBe(302);
    expect(login.headers.get("set-cookie")).toBeNull();
    expect(login.headers.get("location")).toBe(`${new URL(base).pathname}account`);
    const account = await fetch(`${base}account`, { headers: { cookie } });
    const html = await account.text();
    expect(html).toContain("Signed in");
    expect(html).toContain("&quot;cookies&quot;:&quot;theme=dark&quot;");
    expect(html).not.toContain("&quot;cookies&quot;:&quot;sid");

    // Without the session's cookie (another browser), nothing of the session.
    const stranger = await fetch(`${base}account`);
    expect(stranger.status).toBe(403);
  });

  it("gives the agent's mirror a page's images and fonts without the visitor's cookie, fetched without the jar, and never a page", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const base = `${proxy.url}${location}`;
    await fetch(`${base}login`, { headers: { cookie }, redirect: "manual" });
    const asset = await fetch(`${base}echo-headers`, { headers: { "sec-fetch-dest": "image" } });
    expect(asset.status).toBe(200);
    const seen = (await asset.json()) as Record<string, string>;
    expect(seen.cookie).toBeUndefined(); // the visitor's signed-in cookies stay theirs
    expect((await fetch(`${base}account`, { headers: { "sec-fetch-dest": "image" } })).status).toBe(403); // a page, even asked as an image
    expect((await fetch(`${base}echo-headers`, { headers: { "sec-fetch-dest": "document" } })).status).toBe(403);
    expect((await fetch(`${base}echo-headers`, { method: "POST", headers: { "sec-fetch-dest": "image" } })).status).toBe(403);
  });

  it("keeps every cookie of answers that set them at the same moment", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const names = Array.from({ length: 12 }, (_, i) => `c${i}`);
    await Promise.all(names.map((name) => fetch(`${proxy.url}${location}set?name=${name}`, { headers: { cookie } })));
    const seen = await (await fetch(`${proxy.url}${location}account`, { headers: { cookie } })).text();
    for (const name of names) expect(seen).toContain(`${name}=1`);
  });

  it("takes document.cookie writes as a script's: never HttpOnly, never over an HttpOnly cookie; bad bodies are 4xx naming the field", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const id = location.split("/")[2];
    await fetch(`${proxy.url}${location}login`, { headers: { cookie }, redirect: "manual" });
    const write = (body: unknown) =>
      fetch(`${proxy.url}/s/${id}/__tandem/cookie`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await write({ url: `${site.url}/`, cookie: "lang=fr" })).status).toBe(204);
    expect((await write({ url: `${site.url}/`, cookie: "sid=stolen" })).status).toBe(204);
    expect((await write({ url: `${site.url}/`, cookie: "admin=1; HttpOnly" })).status).toBe(204);
    const seen = await (await fetch(`${proxy.url}${location}account`, { headers: { cookie } })).text();
    expect(seen).toContain("sid=secret-session");
    expect(seen).toContain("lang=fr");
    expect(seen).not.toContain("stolen");
    expect(seen).not.toContain("admin=1");

    const bad = await write({ url: "ftp://x", cookie: "a=1" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: "error", error: "invalid_request", message: expect.stringMatching(/^url: /) });
    const huge = await write({ url: `${site.url}/`, cookie: "a=".padEnd(20_000, "x") });
    expect(huge.status).toBe(413);
    const anonymous = await fetch(`${proxy.url}/s/${id}/__tandem/cookie`, { method: "POST", body: JSON.stringify({ url: `${site.url}/`, cookie: "a=1" }) });
    expect(anonymous.status).toBe(403);
  });

  it("passes the site's headers on purpose: no Set-Cookie, no site CSP or HSTS; the site sees itself as Origin and Referer", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const answer = await fetch(`${proxy.url}${location}echo-headers`, {
      method: "POST",
      headers: { cookie, origin: proxy.url, referer: `${proxy.url}${location}page`, "x-forwarded-for": "10.0.0.1" },
      body: "{}",
    });
    expect(answer.headers.get("content-security-policy")).toBeNull();
    expect(answer.headers.get("strict-transport-security")).toBeNull();
    const seen = (await answer.json()) as Record<string, string>;
    expect(seen.origin).toBe(site.url);
    expect(seen.referer).toBe(`${site.url}/page`);
    expect(seen.cookie).toBeUndefined();
    expect(seen["x-forwarded-for"]).toBeUndefined();
    expect(seen.host).toBe(new URL(site.url).host);
  });

  it("refuses a navigation outside allowed_domains with a page offering retry_url, and service-worker scripts", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const id = location.split("/")[2];
    const outside = await fetch(`${proxy.url}/s/${id}/https/elsewhere.test/`, { headers: { cookie, "sec-fetch-dest": "document" } });
    expect(outside.status).toBe(403);
    const page = await outside.text();
    expect(page).toContain("elsewhere.test is outside the sites this proxy session may visit");
    expect(page).toContain(`href="/s/${id}/http/127.0.0.1:${new URL(site.url).port}/">Retry`);
    const worker = await fetch(`${proxy.url}${location}sw.js`, { headers: { cookie, "service-worker": "script" } });
    expect(worker.status).toBe(403);
  });

  it("maps a stray path through its Referer to the page's site, else answers a clear 404", async () => {
    const { location } = await open(await proxyLink(proxy.url, claims()));
    const stray = await fetch(`${proxy.url}/x/y?z=1`, { headers: { referer: `${proxy.url}${location}deep/page` }, redirect: "manual" });
    expect(stray.status).toBe(307);
    expect(stray.headers.get("location")).toBe(`${location}x/y?z=1`);
    const lost = await fetch(`${proxy.url}//elsewhere.test/x`, { redirect: "manual" });
    expect(lost.status).toBe(404);
    expect(await lost.text()).toContain("Nothing here");
    expect((await fetch(`${proxy.url}/__tandem/proxy-runtime.js`)).status).toBe(404);
  });

  it("forgets expired sessions with their cookie jars", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const id = location.split("/")[2];
    await fetch(`${proxy.url}${location}login`, { headers: { cookie }, redirect: "manual" });
    const [row] = await fixture.db.select().from(proxySessions).where(eq(proxySessions.id, id));
    expect(row.cookieJar).not.toBeNull();
    await sweepProxySessions(fixture.db, new Date(row.expiresAt.getTime() + 1));
    expect(await fixture.db.select().from(proxySessions).where(eq(proxySessions.id, id))).toEqual([]);
    expect((await fetch(`${proxy.url}${location}`, { headers: { cookie } })).status).toBe(403);
  });
});
