import { describe, expect, it } from "vitest";
import { COOKIE_LIMITS, loadJar, requestCookies, storeResponseCookies, storeScriptCookie } from "./cookie-jar";

describe("a proxy session's cookie jar", () => {
  it("keeps at most 3000 cookies in all, the oldest evicted first", () => {
    const jar = loadJar(null);
    // 70 sites of 50 cookies each: 3,500, over the total.
    for (let site = 0; site < 70; site++) {
      const names = Array.from({ length: COOKIE_LIMITS.perDomain }, (_, i) => `c${i}=1; Path=/`);
      storeResponseCookies(jar, new URL(`https://site${site}.example.com/`), names);
    }
    let total = 0;
    jar.store.getAllCookies((_error, cookies) => (total = cookies?.length ?? 0));
    expect(total).toBe(COOKIE_LIMITS.total);
    expect(requestCookies(jar, new URL("https://site0.example.com/"))).toBe("");
    expect(requestCookies(jar, new URL("https://site69.example.com/")).split("; ")).toHaveLength(50);
    // A script's write counts as one more of its site's, and the site's oldest goes.
    expect(storeScriptCookie(jar, new URL("https://site69.example.com/"), "newest=1")).toBe(true);
    const seen = requestCookies(jar, new URL("https://site69.example.com/")).split("; ");
    expect(seen).toHaveLength(50);
    expect(seen).toContain("newest=1");
    expect(seen).not.toContain("c0=1");
  });
});
