import { describe, expect, it } from "vitest";
import { identitySchema } from "./identity";
import { identityProblem } from "./identity-rules";

describe("identityProblem (what Tandem.identify refuses before sending)", () => {
  it("names the field and the rule a bad value breaks", () => {
    expect(identityProblem({ tags: ["#vip", "churn"] })).toBe('tags[1]: "churn" must be "#" then letters and dashes, e.g. "#vip"');
    expect(identityProblem({ integrationIds: ["Acme:1"] })).toMatch(/^integrationIds\[0\]: "Acme:1" must be "<name>:<id>"/);
    expect(identityProblem({ callName: 5 })).toBe("callName: must be a string or null");
    expect(identityProblem({ identities: "jane@example.com" })).toBe("identities: must be a list of strings, or null");
    expect(identityProblem({ identities: [7] })).toBe("identities[0]: 7 must be a string");
    expect(identityProblem({ uniqueId: "x".repeat(513) })).toBe("uniqueId: at most 512 characters");
    expect(identityProblem({ tags: Array.from({ length: 101 }, () => "#a") })).toBe("tags: at most 100 entries");
    expect(identityProblem({ name: "Jane" })).toBe("name: not a field of the identity (uniqueId, identities, tags, integrationIds, callName)");
    expect(identityProblem("Jane")).toMatch(/^the identity must be an object/);
  });

  it("takes what the service takes: null clears, blanks are dropped, absent keeps", () => {
    const good = {
      uniqueId: null,
      identities: ["Jane", "jane@example.com"],
      tags: ["#vip", " ", "#new-customer"],
      integrationIds: ["acmechat:12"],
      callName: "Jane",
    };
    expect(identityProblem(good)).toBeNull();
    expect(identityProblem({})).toBeNull();
    // The same judgement as the contract's schema, for what both see.
    expect(identitySchema.safeParse({ ...good, tags: ["#vip"] }).success).toBe(true);
    expect(identitySchema.safeParse({ tags: ["churn"] }).success).toBe(false);
  });
});
