import { gzipSync } from "node:zlib";
import { describe, expect, it, vi, afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { proxySessionIdOfLink } from "@/lib/contract/proxy-link";
import { newId } from "../core/ids";
import { proxySessions, sessions } from "../core/schema";
import { databaseWithTeam, insertTeam } from "../visitors/ingest/test-fixtures";
import { proxiedPageCsp } from "./forward";
import { mirrorToken } from "./mirror";
import { listen, type Listening } from "@/lib/testing/listen";
import { proxyLink, startTestProxy } from "../routes/test-proxy";
import { sweepProxySessions } from "./sessions";

vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "proxy-test-link-signing-secret-0123456789abcd";
});

const fixture = databaseWithTeam();
let site: Listening;
let proxy: Listening;
/** A proxy that takes few document.cookie writes a minute. */
let sparing: Listening;

const PAGE = '<!doctype html><html><head><title>Home</title></head><body><a href="/account">Account</a></body></html>';
const PNG = Buffer.from("89504e470d0a1a0a", "hex");
/** Lets the site's /streamed page end. */
let releaseStreamed = () => {};
const streamedReleased = new Promise<void>((resolve) => (releaseStreamed = resolve));
/** The Cookie header each path of the site was last asked with. */
const seenCookies = new Map<string, string | undefined>();

/** A live co-browsing session of `teamId` (the agent's mirror is shown in one). */
async function liveSession(teamId: string, status: "ongoing" | "ended" = "ongoing"): Promise<string> {
  const id = newId("s_", 16);
  await fixture.db.insert(sessions).values({ id, teamId, visitorId: "MIRROR01", status });
  return id;
}

beforeAll(async () => {
  site = await listen((req, res) => {
    const url = new URL(req.url ?? "/", "http://site");
    seenCookies.set(url.pathname, req.headers.cookie);
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
    if (url.pathname === "/set-many") {
      const [count, size] = [Number(url.searchParams.get("count")), Number(url.searchParams.get("size"))];
      const cookies = Array.from({ length: count }, (_, i) => `${url.searchParams.get("prefix")}${i}=${"v".repeat(size)}; Path=/`);
      res.writeHead(204, { "set-cookie": cookies });
      return res.end();
    }
    if (url.pathname === "/cookie-count") {
      const names = (req.headers.cookie ?? "").split("; ").filter(Boolean);
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ names: names.map((cookie) => cookie.split("=")[0]) }));
    }
    if (url.pathname === "/logo.png") return res.writeHead(200, { "content-type": "image/png" }).end(PNG);
    if (url.pathname === "/moved.png") return res.writeHead(302, { location: "/logo.png" }).end();
    if (url.pathname === "/style.css") return res.writeHead(200, { "content-type": "text/css" }).end("a { background: url(logo.png) }");
    if (url.pathname === "/drawing.svg") {
      res.writeHead(200, { "content-type": "image/svg+xml" });
      return res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("https://outside.test/")</script></svg>');
    }
    if (url.pathname === "/feed.xml") {
      res.writeHead(200, { "content-type": "application/xml" });
      return res.end('<feed xmlns:h="http://www.w3.org/1999/xhtml"><h:script>fetch("https://outside.test/")</h:script></feed>');
    }
    if (url.pathname === "/untyped") return res.writeHead(200).end("<script>fetch('https://outside.test/')</script>");
    if (url.pathname === "/script.js") return res.writeHead(200, { "content-type": "text/javascript" }).end("postMessage(1)");
    if (url.pathname === "/doc.pdf") return res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.4");
    if (url.pathname === "/gzip-twice") {
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip, gzip" });
      return res.end(gzipSync(gzipSync(PAGE)));
    }
    if (url.pathname === "/streamed") {
      // The page's start, and its end only once the test has read that start through the proxy.
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<!doctype html><title>Streamed</title><p>first part</p>");
      return void streamedReleased.then(() => res.end("<p>second part</p>"));
    }
    if (url.pathname === "/compressed-oddly") {
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "zstd" });
      return res.end(PAGE);
    }
    if (url.pathname === "/private") {
      if (!req.headers.authorization) return res.writeHead(401, { "www-authenticate": 'Basic realm="Site A"', "content-type": "text/plain" }).end("who?");
      return res.writeHead(200, { "content-type": "text/plain" }).end("welcome");
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
    res.end(PAGE);
  });
  proxy = await startTestProxy(fixture.db);
  sparing = await startTestProxy(fixture.db, { limits: { cookieWritesPerMinute: 3 } });
});
afterAll(async () => {
  await proxy?.close();
  await sparing?.close();
  await site?.close();
});

const claims = () => ({ team: fixture.team.id, initial_url: `${site.url}/`, allowed_domains: ["127.0.0.1"], retry_url: `${site.url}/` });

/** Opens a link like a browser whose visitor pressed its button: the session's cookie, and where it was sent. */
async function open(link: string): Promise<{ cookie: string; location: string }> {
  const answer = await fetch(link, { method: "POST", redirect: "manual" });
  expect(answer.status).toBe(303);
  return { cookie: answer.headers.get("set-cookie")!.split(";")[0], location: answer.headers.get("location")! };
}

describe("proxy session links", () => {
  it("open once: the session's cookie is scoped to its path, HttpOnly and SameSite=Lax; the second opening gets a page saying so", async () => {
    const link = await proxyLink(proxy.url, claims());
    const id = await proxySessionIdOfLink(link);
    const first = await fetch(link, { method: "POST", redirect: "manual" });
    expect(first.status).toBe(303);
    const port = new URL(site.url).port;
    expect(first.headers.get("location")).toBe(`/s/${id}/http/127.0.0.1:${port}/`);
    expect(first.headers.get("set-cookie")).toMatch(new RegExp(`^tandem_proxy=ps_[\\w-]+; Path=/s/${id}/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`));

    const second = await fetch(link, { method: "POST", redirect: "manual" });
    expect(second.status).toBe(410);
    expect(await second.text()).toContain("This link was already used");
    // Shown as spent to a GET too, before any button.
    expect((await fetch(link)).status).toBe(410);
  });

  it("are not spent by a GET (mail and chat link scanners): it shows a page without scripts whose button opens the link", async () => {
    const link = await proxyLink(proxy.url, claims());
    const path = new URL(link).pathname;
    for (const method of ["GET", "HEAD", "GET"]) {
      const shown = await fetch(link, { method, redirect: "manual" });
      expect(shown.status).toBe(200);
      expect(shown.headers.get("set-cookie")).toBeNull();
      expect(shown.headers.get("content-security-policy")).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      );
      if (method === "GET") expect(await shown.text()).toContain(`<form method="post" action="${path}"><button type="submit">Open the page</button></form>`);
    }
    const opened = await fetch(link, { method: "POST", redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("set-cookie")).toMatch(/^tandem_proxy=ps_/);
    expect((await fetch(link, { method: "PUT" })).status).toBe(405);
  });

  it("refuse expired and tampered links with a page", async () => {
    const expired = await proxyLink(proxy.url, claims(), new Date(Date.now() - 1000));
    expect((await fetch(expired)).status).toBe(410);
    expect((await fetch(expired, { method: "POST" })).status).toBe(410);
    const tampered = `${await proxyLink(proxy.url, claims())}x`;
    for (const method of ["GET", "POST"]) {
      const answer = await fetch(tampered, { method });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain("This link is not valid");
    }
    // Signed, but to an address the proxy has no name for (the API refuses to make such a link).
    const nowhere = await proxyLink(proxy.url, { ...claims(), initial_url: "https://./" });
    for (const method of ["GET", "POST"]) {
      const answer = await fetch(nowhere, { method, redirect: "manual" });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain("This link is not valid");
    }
  });
});

describe("the proxy", () => {
  it("serves the page rewritten, the runtime (with the visitor script to add) in it, with its own CSP, never from a cache", async () => {
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
    // A page without scripts gets it at the end of its body (rewrite-html.test.ts has where it goes).
    expect(html).toContain(`Account</a><script src="/__tandem/proxy-runtime.js" data-tandem-proxy="${config}"></script></body>`);
    expect(html).not.toContain('cobrowse.js"');
    expect(html).toContain(`<a href="/s/${id}/http/127.0.0.1:${new URL(site.url).port}/account">`);
  });

  it("sends a page the site sent at once in one piece with its length, and streams one still coming", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const whole = await fetch(`${proxy.url}${location}`, { headers: { cookie } });
    const html = await whole.text();
    expect(whole.headers.get("transfer-encoding")).toBeNull();
    expect(whole.headers.get("content-length")).toBe(String(Buffer.byteLength(html)));

    const streamed = await fetch(`${proxy.url}${location}streamed`, { headers: { cookie } });
    const reader = streamed.body!.pipeThrough(new TextDecoderStream()).getReader();
    let start = "";
    while (!start.includes("first part")) start += (await reader.read()).value ?? "";
    expect(start).not.toContain("second part");
    releaseStreamed();
    let rest = "";
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest += read.value;
    expect(rest).toContain("<p>second part</p>");
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

  it("gives nothing of a session without its cookie, whatever the request says it is (Sec-Fetch-Dest: image)", async () => {
    const { location } = await open(await proxyLink(proxy.url, claims()));
    for (const path of ["logo.png", "echo-headers", "drawing.svg", "untyped"]) {
      expect((await fetch(`${proxy.url}${location}${path}`, { headers: { "sec-fetch-dest": "image" } })).status, path).toBe(403);
    }
  });

  it("gives the agent's mirror a page's images, fonts, stylesheets and media at its addresses, while a live session of the team lasts, without the jar", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    await fetch(`${proxy.url}${location}login`, { headers: { cookie }, redirect: "manual" });
    const live = await liveSession(fixture.team.id);
    const proxySessionId = decodeURIComponent(location.split("/")[2]);
    const tokenOf = (liveSessionId: string, proxySession = proxySessionId) => mirrorToken(liveSessionId, proxySession);
    const mirrored = (path: string, token = tokenOf(live)) => `${proxy.url}/mirror/${token}${location}${path}`;
    const asImage = { "sec-fetch-dest": "image" };

    const image = await fetch(mirrored("logo.png"), { headers: asImage });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect(seenCookies.get("/logo.png")).toBeUndefined(); // the visitor's signed-in cookies stay theirs
    // An SVG image, only sandboxed: opened as a document, its scripts would run on the proxy's origin.
    const svg = await fetch(mirrored("drawing.svg"), { headers: asImage });
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-security-policy")).toMatch(/; sandbox$/);
    // A stylesheet's addresses, and a redirect, stay the mirror's.
    const css = await fetch(mirrored("style.css"), { headers: { "sec-fetch-dest": "style" } });
    expect(await css.text()).toBe(`a { background: url(/mirror/${tokenOf(live)}${location}logo.png) }`);
    const moved = await fetch(mirrored("moved.png"), { headers: asImage, redirect: "manual" });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(`/mirror/${tokenOf(live)}${location}logo.png`);

    // Anything else the site answers is refused, even asked for as an image: JSON, XML, pages, untyped answers.
    for (const path of ["echo-headers", "feed.xml", "account", "untyped", "script.js"]) {
      expect((await fetch(mirrored(path), { headers: asImage })).status, path).toBe(403);
    }
    expect((await fetch(mirrored("logo.png"), { headers: { "sec-fetch-dest": "document" } })).status).toBe(403);
    expect((await fetch(mirrored("logo.png"), { method: "POST", headers: asImage })).status).toBe(403);
    // Only with the token of a live session of the proxy session's team, made for this proxy session, while it goes on.
    const other = await open(await proxyLink(proxy.url, claims()));
    const [tampered, ended, otherTeams, otherProxySession] = [
      `${tokenOf(live).slice(0, -2)}xx`,
      tokenOf(await liveSession(fixture.team.id, "ended")),
      tokenOf(await liveSession((await insertTeam(fixture.db)).id)),
      tokenOf(live, decodeURIComponent(other.location.split("/")[2])),
    ];
    // The other proxy session's own token fetches through it, not through this one.
    expect((await fetch(`${proxy.url}/mirror/${otherProxySession}${other.location}logo.png`, { headers: asImage })).status).toBe(200);
    for (const token of [tampered, ended, otherTeams, otherProxySession, live, "", "%ZZ"]) {
      expect((await fetch(mirrored("logo.png", token), { headers: asImage })).status, token).toBe(403);
    }
    await fixture.db.update(sessions).set({ status: "ended" }).where(eq(sessions.id, live));
    expect((await fetch(mirrored("logo.png"), { headers: asImage })).status).toBe(403);
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
    expect(answer.headers.get("content-security-policy")).not.toContain("https://site");
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

  it("puts a policy on every answer: what it does not rewrite is sandboxed (an SVG's or XML's scripts never run on its origin)", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const get = (path: string) => fetch(`${proxy.url}${location}${path}`, { headers: { cookie }, redirect: "manual" });
    for (const path of ["drawing.svg", "feed.xml", "untyped", "echo-headers", "logo.png", "style.css", "moved.png"]) {
      const policy = (await get(path)).headers.get("content-security-policy");
      expect(policy, path).toBe(`${proxiedPageCsp("http://service.test")}; sandbox`);
    }
    // Scripts (a sandbox would stop them as workers) and PDF (the browser's viewer) keep the pages' policy unsandboxed.
    expect((await get("script.js")).headers.get("content-security-policy")).toBe(proxiedPageCsp("http://service.test"));
    expect((await get("doc.pdf")).headers.get("content-security-policy")).toBe(proxiedPageCsp("http://service.test"));
  });

  it("reads a page sent in codings it knows, stacked (gzip, gzip), and refuses one it cannot read rather than pass it on unrewritten", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const twice = await fetch(`${proxy.url}${location}gzip-twice`, { headers: { cookie } });
    expect(twice.headers.get("content-encoding")).toBeNull();
    expect(twice.headers.get("content-security-policy")).toBe(proxiedPageCsp("http://service.test"));
    const html = await twice.text();
    expect(html).toContain('<script src="/__tandem/proxy-runtime.js"');
    expect(html).toContain(`<a href="${location}account">`);
    const odd = await fetch(`${proxy.url}${location}compressed-oddly`, { headers: { cookie, "sec-fetch-dest": "document" } });
    expect(odd.status).toBe(502);
    expect(await odd.text()).toContain("This page could not be read");
  });

  it("carries no HTTP authentication between sites: a site's challenge is not passed back, a browser's Authorization not passed on", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const challenged = await fetch(`${proxy.url}${location}private`, { headers: { cookie } });
    expect(challenged.status).toBe(401);
    expect(challenged.headers.get("www-authenticate")).toBeNull();
    // Credentials a browser kept for the proxy's origin (one origin for every site) never reach a site.
    const replayed = await fetch(`${proxy.url}${location}private`, { headers: { cookie, authorization: "Basic dXNlcjpzZWNyZXQ=" } });
    expect(replayed.status).toBe(401);
    const echoed = await fetch(`${proxy.url}${location}echo-headers`, { headers: { cookie, authorization: "Basic dXNlcjpzZWNyZXQ=" } });
    expect(((await echoed.json()) as Record<string, string>).authorization).toBeUndefined();
  });

  it("bounds the jar as RFC 6265 asks: 50 cookies a domain (the oldest go), none over 4096 bytes", async () => {
    const { cookie, location } = await open(await proxyLink(proxy.url, claims()));
    const id = location.split("/")[2];
    await fetch(`${proxy.url}${location}set-many?prefix=a&count=300&size=20`, { headers: { cookie } });
    await fetch(`${proxy.url}${location}set-many?prefix=big&count=1&size=4096`, { headers: { cookie } });
    const write = (value: string) =>
      fetch(`${proxy.url}/s/${id}/__tandem/cookie`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ url: `${site.url}/`, cookie: value }),
      });
    expect((await write(`wide=${"é".repeat(2100)}`)).status).toBe(204); // 4,200 bytes: refused as a browser does
    expect((await write("script=1")).status).toBe(204);
    const { names } = (await (await fetch(`${proxy.url}${location}cookie-count`, { headers: { cookie } })).json()) as { names: string[] };
    expect(names).toHaveLength(50);
    expect(names).toContain("script");
    expect(names).toContain("a299");
    expect(names).not.toContain("a250");
    expect(names.some((name) => name === "big0" || name === "wide")).toBe(false);
  });

  it("takes a proxy session's document.cookie writes within an allowance a minute, then 429 with Retry-After", async () => {
    const { cookie, location } = await open(await proxyLink(sparing.url, claims()));
    const id = location.split("/")[2];
    const write = () =>
      fetch(`${sparing.url}/s/${id}/__tandem/cookie`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ url: `${site.url}/`, cookie: "a=1" }),
      });
    // Seven writes at 3 a minute: whichever minute they fall in, some are refused.
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await write());
    const refused = answers.find((answer) => answer.status === 429);
    expect(answers.slice(0, 3).map((answer) => answer.status)).toEqual([204, 204, 204]);
    expect(refused).toBeDefined();
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused!.json()).toMatchObject({ status: "error", error: "rate_limited" });
  });

  it("answers malformed escapes in its addresses with a 4xx, never a 500", async () => {
    const { cookie } = await open(await proxyLink(proxy.url, claims()));
    const paths = ["/s/%ZZ/", "/s/x/%E0%A4%A/", "/proxy/%ZZ", "/s/%ZZ/http/127.0.0.1/", "/s/%E0%A4%A/__tandem/cookie", "/mirror/%ZZ/s/%ZZ/http/127.0.0.1/"];
    for (const path of paths) {
      for (const headers of [{}, { cookie }, { "sec-fetch-dest": "image" }, { "sec-fetch-dest": "document" }] as Record<string, string>[]) {
        const { status } = await fetch(`${proxy.url}${path}`, { headers, redirect: "manual" });
        expect(status >= 400 && status < 500, `${path} ${JSON.stringify(headers)}: ${status}`).toBe(true);
      }
    }
    const badReferer = await fetch(`${proxy.url}/x`, { headers: { referer: `${proxy.url}/s/%ZZ/http/127.0.0.1/` }, redirect: "manual" });
    expect(badReferer.status).toBe(404);
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
