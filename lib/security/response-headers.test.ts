import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, frameAncestors } from "./content-security-policy";
import { baseResponseHeaders, PERMISSIONS_POLICY, permissionsPolicyFor } from "./response-headers";

describe("baseResponseHeaders", () => {
  it("asks for https only when the public URL is https", () => {
    expect(baseResponseHeaders("https://tandem.example.com")["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(baseResponseHeaders("http://localhost:3000")).not.toHaveProperty("Strict-Transport-Security");
  });

  it("always sends nosniff, a strict referrer policy and denies powerful features", () => {
    const headers = baseResponseHeaders("http://localhost:3000");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(headers["Permissions-Policy"]).toContain(`${feature}=()`);
  });

  it("lets only the pages of a voice call (watch page, sample shop) use the microphone and camera, for themselves", () => {
    for (const pathname of ["/watch/abc", "/watch/session", "/demo"]) {
      expect(permissionsPolicyFor(pathname)).toContain("microphone=(self)");
      expect(permissionsPolicyFor(pathname)).toContain("camera=(self)");
      expect(permissionsPolicyFor(pathname)).toContain("geolocation=()");
    }
    for (const pathname of ["/", "/visitors", "/watchlist", "/demos", "/collect/live/call"]) expect(permissionsPolicyFor(pathname)).toBe(PERMISSIONS_POLICY);
  });
});

describe("frameAncestors", () => {
  it("lists valid origins and nothing else", () => {
    expect(frameAncestors("https://a.example.com http://127.0.0.1:8080")).toBe("https://a.example.com http://127.0.0.1:8080");
    expect(frameAncestors("https://a.example.com; script-src * https://b.example.com")).toBe("https://b.example.com");
    expect(frameAncestors("'self' * javascript:alert(1)")).toBe("'none'");
  });

  it("is 'none' without origins", () => {
    expect(frameAncestors(null)).toBe("'none'");
    expect(frameAncestors("")).toBe("'none'");
  });
});

describe("contentSecurityPolicy", () => {
  it("lets only the nonce's scripts run, on every page", () => {
    const nonce = createNonce();
    for (const page of ["console", "watch"] as const) {
      const policy = contentSecurityPolicy(page, { nonce, frameAncestors: "https://a.example.com" });
      expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic';`);
      expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|https:)/);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'none'");
    }
  });

  it("lets the console be framed by no one, the watch page by its team's origins", () => {
    const nonce = createNonce();
    expect(contentSecurityPolicy("console", { nonce, frameAncestors: "https://a.example.com" })).toMatch(/frame-ancestors 'none'$/);
    expect(contentSecurityPolicy("watch", { nonce, frameAncestors: "https://a.example.com" })).toMatch(/frame-ancestors https:\/\/a\.example\.com$/);
    expect(contentSecurityPolicy("watch", { nonce })).toMatch(/frame-ancestors 'none'$/);
  });

  it("gives a fresh nonce every time", () => {
    expect(createNonce()).not.toBe(createNonce());
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
