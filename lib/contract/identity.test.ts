import { describe, expect, it } from "vitest";
import { identitySchema } from "./index";
import { issuesOf } from "./test-helpers";

describe("identitySchema", () => {
  it("accepts a full identity", () => {
    const identity = {
      uniqueId: "user-123",
      identities: ["Jane Doe", "jane@example.com"],
      tags: ["#vip", "#trial-user"],
      integrationIds: ["acmechat:1234"],
      callName: "Jane",
    };
    expect(identitySchema.parse(identity)).toEqual(identity);
  });

  it("keeps null (clear) apart from absent (keep)", () => {
    const parsed = identitySchema.parse({ tags: null });
    expect(parsed).toEqual({ tags: null });
    expect("uniqueId" in parsed).toBe(false);
  });

  it('rejects the tag "vip" without #', () => {
    const [issue] = issuesOf(identitySchema, { tags: ["#ok", "vip"] });
    expect(issue.path).toEqual(["tags", 1]);
    expect(issue.message).toContain("#");
  });

  it('rejects the integration id "ab:1" (name shorter than 3 letters)', () => {
    const [issue] = issuesOf(identitySchema, { integrationIds: ["ab:1"] });
    expect(issue.path).toEqual(["integrationIds", 0]);
    expect(issue.message).toContain("acmechat:1234");
  });

  it("rejects a non-string callName", () => {
    expect(issuesOf(identitySchema, { callName: 5 })[0].path).toEqual(["callName"]);
  });
});
