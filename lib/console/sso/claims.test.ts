import { describe, expect, it } from "vitest";
import { evaluateClaims, groupsOf, isAllowedDomain, roleFromGroups, type RoleMapping } from "./claims";

const mapping: RoleMapping = {
  allowedDomains: ["example.com"],
  roleClaim: "groups",
  adminGroups: ["tandem-admins"],
  leadGroups: ["tandem-leads", "support-leads"],
};
const claims = (extra: Record<string, unknown> = {}) => ({
  sub: "user-1",
  email: "Ann@Example.com",
  email_verified: true,
  name: "Ann Lee",
  groups: [],
  ...extra,
});

describe("roleFromGroups", () => {
  it("makes an admin of an admin group's member, even one in a lead group too (admin wins)", () => {
    expect(roleFromGroups(["support-leads", "tandem-admins"], mapping)).toBe("admin");
  });
  it("makes a lead of a member of any lead group", () => {
    expect(roleFromGroups(["staff", "support-leads"], mapping)).toBe("lead");
  });
  it("makes an agent of a member of no mapped group, and compares names exactly", () => {
    expect(roleFromGroups([], mapping)).toBe("agent");
    expect(roleFromGroups(["Tandem-Admins", "tandem-admins-old", " tandem-admins"], mapping)).toBe("agent");
  });
});

describe("groupsOf", () => {
  it("reads an array of names (ignoring entries that are not strings) or a single name", () => {
    expect(groupsOf(["a", 1, null, "b"])).toEqual(["a", "b"]);
    expect(groupsOf("a")).toEqual(["a"]);
  });
  it("finds no groups in a missing claim or one of another shape", () => {
    for (const value of [undefined, null, 42, { admins: true }]) expect(groupsOf(value)).toBeNull();
  });
});

describe("isAllowedDomain", () => {
  it("allows any domain when none is listed", () => {
    expect(isAllowedDomain("a@anything.org", [])).toBe(true);
  });
  it("allows exactly the listed domains, whatever the case, and not their subdomains or look-alikes", () => {
    expect(isAllowedDomain("a@EXAMPLE.com", ["example.com"])).toBe(true);
    expect(isAllowedDomain("a@evil.example.com", ["example.com"])).toBe(false);
    expect(isAllowedDomain("a@example.com.evil.org", ["example.com"])).toBe(false);
    expect(isAllowedDomain("a@notexample.com", ["example.com"])).toBe(false);
    // The domain is what follows the last @.
    expect(isAllowedDomain("a@example.com@evil.org", ["example.com"])).toBe(false);
  });
});

describe("evaluateClaims", () => {
  it("gives the identity: subject, lower-case email, name and the role of the groups", () => {
    expect(evaluateClaims(claims({ groups: ["tandem-leads"] }), mapping)).toEqual({
      identity: { subject: "user-1", email: "ann@example.com", name: "Ann Lee", role: "lead" },
    });
  });

  it("checks the domain before anything else: an outsider with no verified email and no groups is refused for the domain", () => {
    expect(evaluateClaims(claims({ email: "eve@evil.org", email_verified: false, groups: undefined }), mapping)).toEqual({
      refusal: "domain",
      email: "eve@evil.org",
    });
  });

  it("refuses an email the provider has not verified, or does not say it verified", () => {
    expect(evaluateClaims(claims({ email_verified: false }), mapping)).toMatchObject({ refusal: "email_unverified" });
    expect(evaluateClaims(claims({ email_verified: undefined }), mapping)).toMatchObject({ refusal: "email_unverified" });
    expect(evaluateClaims(claims({ email_verified: "false" }), mapping)).toMatchObject({ refusal: "email_unverified" });
    // Some providers send the flag as a string.
    expect(evaluateClaims(claims({ email_verified: "true" }), mapping)).toHaveProperty("identity");
  });

  it("refuses claims without a usable email or subject", () => {
    expect(evaluateClaims(claims({ email: undefined }), mapping)).toEqual({ refusal: "no_email" });
    expect(evaluateClaims(claims({ email: "not an email" }), mapping)).toEqual({ refusal: "no_email" });
    expect(evaluateClaims(claims({ email: ["ann@example.com"] }), mapping)).toEqual({ refusal: "no_email" });
    expect(evaluateClaims(claims({ sub: "" }), mapping)).toEqual({ refusal: "invalid_response" });
    expect(evaluateClaims(claims({ sub: 7 }), mapping)).toEqual({ refusal: "invalid_response" });
  });

  it("refuses when a group mapping is configured but the provider omits the groups claim, rather than demote to agent", () => {
    expect(evaluateClaims(claims({ groups: undefined }), mapping)).toEqual({ refusal: "no_groups_claim", email: "ann@example.com" });
    expect(evaluateClaims(claims({ groups: { admin: true } }), mapping)).toMatchObject({ refusal: "no_groups_claim" });
  });

  it("needs no groups claim when no group is mapped: everyone is an agent", () => {
    const noGroups = { ...mapping, adminGroups: [], leadGroups: [] };
    expect(evaluateClaims(claims({ groups: undefined }), noGroups)).toMatchObject({ identity: { role: "agent" } });
  });

  it("reads the role from the configured claim, a namespaced one included", () => {
    const namespaced = { ...mapping, roleClaim: "https://tandem.example/roles" };
    expect(evaluateClaims(claims({ "https://tandem.example/roles": ["tandem-admins"] }), namespaced)).toMatchObject({ identity: { role: "admin" } });
  });

  it("keeps a huge claims payload's name short and on one line, and finds the role among thousands of groups", () => {
    const groups = Array.from({ length: 20_000 }, (_, i) => `group-${i}-${"x".repeat(50)}`).concat("tandem-admins");
    const verdict = evaluateClaims(claims({ name: `Ann\n${"A".repeat(100_000)}`, groups }), mapping);
    expect(verdict).toMatchObject({ identity: { role: "admin" } });
    const name = (verdict as { identity: { name: string } }).identity.name;
    expect(name).toHaveLength(100);
    expect(name).not.toMatch(/\n/);
  });

  it("names the user from given and family names, the username, or the email when there is no name", () => {
    expect(evaluateClaims(claims({ name: undefined, given_name: "Ann", family_name: "Lee" }), mapping)).toMatchObject({ identity: { name: "Ann Lee" } });
    expect(evaluateClaims(claims({ name: " ", preferred_username: "alee" }), mapping)).toMatchObject({ identity: { name: "alee" } });
    expect(evaluateClaims(claims({ name: undefined }), mapping)).toMatchObject({ identity: { name: "ann" } });
  });
});
