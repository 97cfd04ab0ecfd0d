import { describe, expect, it } from "vitest";
import { hostAllowed, proxySessionIdOfLink, proxySessionIdOfToken } from "./proxy-link";

describe("proxy session links", () => {
  it("derive one session id per token, url-safe and 22 characters long", async () => {
    const id = await proxySessionIdOfToken("a.b.c");
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await proxySessionIdOfToken("a.b.c")).toBe(id);
    expect(await proxySessionIdOfToken("a.b.d")).not.toBe(id);
    expect(await proxySessionIdOfLink("http://localhost:3001/proxy/a.b.c")).toBe(id);
    expect(await proxySessionIdOfLink("http://localhost:3001/watch/a.b.c")).toBeNull();
  });

  it("allow hosts as the API reads allowed_domains", () => {
    expect(hostAllowed("anything.test", ["*"])).toBe(true);
    expect(hostAllowed("shop.example.com", ["example.com"])).toBe(false);
    expect(hostAllowed("Example.com", ["example.COM"])).toBe(true);
    expect(hostAllowed("a.b.example.com", ["*.example.com"])).toBe(true);
    expect(hostAllowed("example.com", ["*.example.com"])).toBe(false);
    expect(hostAllowed("badexample.com", ["*.example.com"])).toBe(false);
  });
});
