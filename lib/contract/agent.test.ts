import { describe, expect, it } from "vitest";
import { agentLookupQuerySchema } from "./index";
import { issuesOf } from "./test-helpers";

describe("agentLookupQuerySchema", () => {
  it("accepts one of email and external_id", () => {
    expect(agentLookupQuerySchema.parse({ email: "ann@example.com" })).toEqual({ email: "ann@example.com" });
    expect(agentLookupQuerySchema.parse({ external_id: "crm-77" })).toEqual({ external_id: "crm-77" });
  });

  it("rejects both", () => {
    const issues = issuesOf(agentLookupQuerySchema, { email: "ann@example.com", external_id: "crm-77" });
    expect(issues.map((issue) => issue.message)).toEqual(["send either email or external_id, not both"]);
  });

  it("accepts neither: the lookup then finds no agent, as the API documents", () => {
    expect(agentLookupQuerySchema.parse({})).toEqual({});
    expect(agentLookupQuerySchema.parse({ name: "Dana" })).toEqual({});
  });

  it("rejects an empty value", () => {
    expect(issuesOf(agentLookupQuerySchema, { email: "" })[0].path).toEqual(["email"]);
  });
});
