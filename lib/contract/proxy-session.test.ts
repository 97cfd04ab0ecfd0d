import { describe, expect, it } from "vitest";
import { proxySessionRequestSchema } from "./index";
import { issuesOf } from "./test-helpers";

describe("proxySessionRequestSchema", () => {
  it("defaults allowed_domains to all and retry_url to null", () => {
    expect(proxySessionRequestSchema.parse({})).toEqual({ allowed_domains: ["*"], branding: { retry_url: null } });
  });

  it("does not share the default array between parses", () => {
    const first = proxySessionRequestSchema.parse({});
    first.allowed_domains.push("evil.example");
    expect(proxySessionRequestSchema.parse({}).allowed_domains).toEqual(["*"]);
  });

  it("keeps given values", () => {
    const request = {
      initial_url: "https://shop.example.com/",
      allowed_domains: ["shop.example.com", "*.example.com"],
      branding: { retry_url: "https://shop.example.com/retry" },
    };
    expect(proxySessionRequestSchema.parse(request)).toEqual(request);
  });

  it("rejects a non-http(s) initial_url and an empty domain list", () => {
    expect(issuesOf(proxySessionRequestSchema, { initial_url: "file:///etc/passwd" })[0].path).toEqual(["initial_url"]);
    for (const notUrl of ["not a url", "http://", "https://[::1"]) {
      expect(issuesOf(proxySessionRequestSchema, { initial_url: notUrl })).toMatchObject([{ path: ["initial_url"], message: "must be an http(s) URL" }]);
    }
    for (const hostless of ["https://./", "http://../x", "https://%2e/"]) {
      expect(issuesOf(proxySessionRequestSchema, { initial_url: hostless })[0]).toMatchObject({ path: ["initial_url"], message: "must name a host" });
    }
    const [issue] = issuesOf(proxySessionRequestSchema, { allowed_domains: [] });
    expect(issue.path).toEqual(["allowed_domains"]);
    expect(issue.message).toContain("at least one domain");
  });
});
