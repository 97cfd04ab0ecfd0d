import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromProxyUrl, toProxyUrl } from "@/lib/contract/proxy-url";
import { createUrlMapper } from "./url-mapper";

const proxyOrigin = "http://proxy.test:3001";
const page = "https://shop.example/catalog/item?id=1";
const pageAddress = toProxyUrl(page, proxyOrigin, "s1")!;

function mapper(options: { base?: string; exempt?: string } = {}) {
  const target = new URL(options.base ?? page);
  return createUrlMapper({
    session: "s1",
    proxyOrigin,
    currentTarget: () => target,
    documentBase: () => toProxyUrl(target, proxyOrigin, "s1")!,
    isExempt: (origin) => origin === options.exempt,
  });
}

describe("the runtime's address mapping", () => {
  it("sends absolute addresses of any http(s) site to their proxied address (the proxy decides what is allowed)", () => {
    expect(mapper().proxied("https://shop.example/api/cart.json")).toBe(`${proxyOrigin}/s/s1/https/shop.example/api/cart.json`);
    expect(mapper().proxied("http://elsewhere.example:8080/x?y=1#z")).toBe(`${proxyOrigin}/s/s1/http/elsewhere.example:8080/x?y=1#z`);
  });

  it("resolves root-relative and scheme-relative addresses against the proxied page, not the proxy", () => {
    expect(mapper().proxied("/api/cart.json")).toBe(`${proxyOrigin}/s/s1/https/shop.example/api/cart.json`);
    expect(mapper().proxied("//cdn.example/lib.js")).toBe(`${proxyOrigin}/s/s1/https/cdn.example/lib.js`);
  });

  it("leaves a path-relative address as written when it already resolves to the proxied address", () => {
    expect(mapper().proxied("photo.png")).toBe("photo.png");
    expect(mapper().proxied("../index.html")).toBe("../index.html");
  });

  it("maps a path the page built on the proxy's origin (from location.origin) to the page's own site", () => {
    expect(mapper().proxied(`${proxyOrigin}/api/cart.json`)).toBe(`${proxyOrigin}/s/s1/https/shop.example/api/cart.json`);
    expect(mapper().proxied(`${proxyOrigin}//x?y=1`)).toBe(`${proxyOrigin}/s/s1/https/shop.example//x?y=1`);
    expect(mapper().proxied(`${proxyOrigin}//?#`)).toBe(`${proxyOrigin}/s/s1/https/shop.example//`);
  });

  it("keeps proxied addresses of its session, absolute or as the proxy writes them (a path), and moves another session's into its own", () => {
    expect(mapper().proxied(pageAddress)).toBe(pageAddress);
    expect(mapper().proxied("/s/s1/https/shop.example/app.js")).toBe("/s/s1/https/shop.example/app.js");
    expect(mapper().targetOf("/s/s1/https/cdn.example/lib.js")?.href).toBe("https://cdn.example/lib.js");
    expect(mapper().proxied(`${proxyOrigin}/s/other/https/bank.example/`)).toBe(`${proxyOrigin}/s/s1/https/bank.example/`);
  });

  it("leaves other schemes, empty addresses and fragments alone", () => {
    for (const reference of [
      "data:image/png;base64,AAAA",
      "blob:http://proxy.test:3001/1234",
      "javascript:void 0",
      "mailto:a@b.example",
      "about:blank",
      "",
      "#top",
    ]) {
      expect(mapper().proxied(reference)).toBe(reference);
    }
  });

  it("leaves a host it cannot name as a path (`//.`) as written, so mapping it again changes nothing", () => {
    expect(mapper().proxied("//.")).toBe("//.");
    expect(mapper().proxied("https://../a")).toBe("https://../a");
  });

  it("requests an exempt origin (the co-browsing service) directly", () => {
    expect(mapper({ exempt: "http://127.0.0.1:3000" }).proxied("http://127.0.0.1:3000/collect/register")).toBe("http://127.0.0.1:3000/collect/register");
  });

  it("names the proxied site's address a reference means", () => {
    expect(mapper().targetOf(pageAddress)?.href).toBe(page);
    expect(mapper().targetOf("/a")?.href).toBe("https://shop.example/a");
    expect(mapper().targetOf("data:,x")).toBeNull();
  });

  it("leaves the addresses the proxy wrote as they are, meaning what working them out would give", () => {
    const address = fc
      .tuple(
        fc.constantFrom("http", "https"),
        fc.constantFrom("shop.example", "cdn.example:8080", "127.0.0.1:3000"),
        fc.array(fc.oneof(fc.webSegment(), fc.constantFrom(".", "..", "%2e", "a b", "x\\y")), { maxLength: 4 }),
        fc.webQueryParameters(),
      )
      .map(([scheme, host, path, query]) => `/s/s1/${scheme}/${host}/${path.join("/")}?${query}`);
    fc.assert(
      fc.property(address, (path) => {
        // The site's address the proxy fetches for it.
        const meant = (reference: string) => fromProxyUrl(new URL(reference, pageAddress), proxyOrigin)?.target.href;
        expect(meant(mapper().proxied(path))).toBe(meant(mapper().proxied(`${proxyOrigin}${path}`)));
      }),
      { numRuns: 100 },
    );
    expect(mapper().proxied("/s/s1/https/shop.example/a.png")).toBe("/s/s1/https/shop.example/a.png");
    // Resolved away, so worked out: `/s/s1/x` names no site, and is a path of the page's own.
    expect(mapper().proxied("/s/s1/https/shop.example/../../x")).toBe(`${proxyOrigin}/s/s1/https/shop.example/s/s1/x`);
  }, 30_000);

  it("is stable: a mapped address maps to itself (no loop between the setters and the observer)", () => {
    const address = fc
      .tuple(
        fc.constantFrom("http", "https"),
        fc.constantFrom("shop.example", "cdn.example:8080", "127.0.0.1:3000", "proxy.test:3001"),
        fc.array(fc.webSegment(), { maxLength: 4 }),
        fc.webQueryParameters(),
        fc.webFragments(),
      )
      .map(([scheme, host, path, query, fragment]) => `${scheme}://${host}/${path.join("/")}?${query}#${fragment}`);
    fc.assert(
      fc.property(fc.oneof(address, fc.webPath()), (url) => {
        const once = mapper().proxied(url);
        expect(mapper().proxied(once)).toBe(once);
      }),
      { numRuns: 50 },
    );
    // Building fast-check's web arbitraries takes seconds on a busy machine; the 50 runs take milliseconds.
  }, 30_000);
});
