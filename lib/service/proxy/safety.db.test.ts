import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Resolver } from "../outbound/address-guard";
import { databaseWithTeam } from "../visitors/ingest/test-fixtures";
import { listen, type Listening } from "@/lib/testing/listen";
import { proxyLink, startTestProxy } from "../routes/test-proxy";

vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "proxy-test-link-signing-secret-0123456789abcd";
});

const fixture = databaseWithTeam();
let site: Listening;
/** Public addresses only, as in production; names resolve as the table below says. */
let guarded: Listening;
/** Loopback allowed (PROXY_ALLOW_PRIVATE_NETWORKS=true), small limits. */
let limited: Listening;

const names: Record<string, { address: string; family: 4 | 6 }[]> = {
  "internal.test": [{ address: "10.0.0.5", family: 4 }],
  "metadata.test": [{ address: "169.254.169.254", family: 4 }],
  "loopback6.test": [{ address: "::1", family: 6 }],
  "mapped.test": [{ address: "::ffff:127.0.0.1", family: 6 }],
  "ula.test": [{ address: "fd00::1", family: 6 }],
  // One public and one private answer: refused, whichever a connection would have picked.
  "mixed.test": [
    { address: "93.184.216.34", family: 4 },
    { address: "192.168.1.1", family: 4 },
  ],
};
const resolve: Resolver = async (hostname) => names[hostname] ?? [];

beforeAll(async () => {
  site = await listen((req, res) => {
    const url = new URL(req.url ?? "/", "http://site");
    if (url.pathname === "/to-metadata") return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (url.pathname === "/slow") return void setTimeout(() => res.writeHead(200, { "content-type": "text/plain" }).end("late"), 2_000);
    if (url.pathname === "/large")
      return res.writeHead(200, { "content-type": "application/octet-stream", "content-length": 64 * 1024 }).end(Buffer.alloc(64 * 1024));
    if (url.pathname === "/large-streamed") {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<p>");
      return res.end("x".repeat(64 * 1024));
    }
    if (url.pathname === "/style.css") {
      return res
        .writeHead(200, { "content-type": "text/css" })
        .end('@import url("theme.css"); a { background: url(img/a.png) } /* url(b.png) */ b::after { content: "url(c.png)" }');
    }
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
  guarded = await startTestProxy(fixture.db, { allowPrivate: false, resolve });
  limited = await startTestProxy(fixture.db, { limits: { timeoutMs: 300, maxResponseBytes: 16 * 1024, maxRewrittenBytes: 16 * 1024 } });
});
afterAll(async () => {
  await guarded?.close();
  await limited?.close();
  await site?.close();
});

/** A session on `proxy` allowed everywhere; `get(target)` fetches a proxied address with its cookie. */
async function session(proxy: Listening) {
  const link = await proxyLink(proxy.url, { team: fixture.team.id, initial_url: `${site.url}/`, allowed_domains: ["*"], retry_url: null });
  const opened = await fetch(link, { method: "POST", redirect: "manual" });
  const cookie = opened.headers.get("set-cookie")!.split(";")[0];
  const prefix = opened.headers.get("location")!.split("/").slice(0, 3).join("/");
  return {
    prefix,
    get: (target: string, init: RequestInit = {}) =>
      fetch(`${proxy.url}${prefix}/${target.replace("://", "/")}`, { redirect: "manual", ...init, headers: { cookie, accept: "text/html", ...init.headers } }),
  };
}

describe("the proxy's address guard (PROXY_ALLOW_PRIVATE_NETWORKS off)", () => {
  it.each([
    "http://127.0.0.1/",
    "http://127.1.2.3:8080/",
    "http://10.1.2.3/",
    "http://172.16.0.1/",
    "http://192.168.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/",
    "http://0.0.0.0/",
    "http://[::1]/",
    "http://[::ffff:7f00:1]/", // ::ffff:127.0.0.1
    "http://[64:ff9b::7f00:1]/", // NAT64 of 127.0.0.1
    "http://[fe80::1]/",
    "http://[fd00::1]/",
    "http://internal.test/",
    "http://metadata.test/",
    "http://loopback6.test/",
    "http://mapped.test/",
    "http://ula.test/",
    "http://mixed.test/",
  ])("refuses %s with a page saying so", async (target) => {
    const answer = await (await session(guarded)).get(target);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain("The proxy does not visit addresses of private, loopback or link-local networks.");
  });

  it("reads only canonical host names: other spellings of an address are not a proxied address at all", async () => {
    const proxied = await session(guarded);
    for (const target of ["http://0x7f000001/", "http://2130706433/", "http://[::ffff:127.0.0.1]/"]) {
      const answer = await proxied.get(target);
      expect(answer.status, target).toBe(404);
    }
  });

  it("never follows a redirect itself: a redirect to a private address becomes that address on the proxy, which is refused", async () => {
    const loose = await session(limited);
    const redirect = await loose.get(`${site.url}/to-metadata`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe(`${loose.prefix}/http/169.254.169.254/latest/meta-data/`);
    const followed = await (await session(guarded)).get("http://169.254.169.254/latest/meta-data/");
    expect(followed.status).toBe(403);
  });
});

describe("the proxy's limits", () => {
  it("gives up on a site that answers too slowly", async () => {
    const answer = await (await session(limited)).get(`${site.url}/slow`);
    expect(answer.status).toBe(504);
    expect(await answer.text()).toContain("The site took too long to answer");
  });

  it("refuses an answer over the size limit, announced or streamed", async () => {
    const proxied = await session(limited);
    const announced = await proxied.get(`${site.url}/large`);
    expect(announced.status).toBe(502);
    expect(await announced.text()).toContain("This page is too large");
    // Streamed without a length: cut short once it passes the limit.
    await expect(proxied.get(`${site.url}/large-streamed`).then((answer) => answer.text())).rejects.toThrow();
  });

  it("refuses a request body over the size limit", async () => {
    const proxied = await session(startedWithSmallBodies);
    const answer = await proxied.get(`${site.url}/`, { method: "POST", body: "x".repeat(4096) });
    expect(answer.status).toBe(413);
  });
});

describe("stylesheets", () => {
  it("have their url() and @import addresses rewritten by the CSS tokenizer, comments and strings untouched", async () => {
    const proxied = await session(limited);
    const answer = await proxied.get(`${site.url}/style.css`);
    const base = `${proxied.prefix}/http/${new URL(site.url).host}`;
    expect(await answer.text()).toBe(
      `@import url("${base}/theme.css"); a { background: url(${base}/img/a.png) } /* url(b.png) */ b::after { content: "url(c.png)" }`,
    );
  });
});

let startedWithSmallBodies: Listening;
beforeAll(async () => {
  startedWithSmallBodies = await startTestProxy(fixture.db, { limits: { maxRequestBytes: 1024 } });
});
afterAll(() => startedWithSmallBodies?.close());
