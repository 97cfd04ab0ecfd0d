import { describe, expect, it } from "vitest";
import { cleanList, cleanText, emailAmong, INTEGRATION_ID_PATTERN, TAG_PATTERN } from "./identity-rules";

describe("identity rules", () => {
  it("accepts tags of # then letters and dashes only", () => {
    expect(cleanList("tags", ["#vip", "#Churn-Risk", "#vip", " "], TAG_PATTERN)).toEqual(["#vip", "#Churn-Risk"]);
    for (const bad of ["vip", "#", "#v1p", "#new tag", "#a_b"]) expect(() => cleanList("tags", [bad], TAG_PATTERN)).toThrow(/tags\[0\]/);
  });

  it("accepts integration ids of 3+ lower-case letters, a colon and something", () => {
    expect(cleanList("integrationIds", ["acmechat:1234", "zendesk:a:b"], INTEGRATION_ID_PATTERN)).toEqual(["acmechat:1234", "zendesk:a:b"]);
    for (const bad of ["ab:1", "Acme:1", "acme:", "acme1234"])
      expect(() => cleanList("integrationIds", ["acme:1", bad], INTEGRATION_ID_PATTERN)).toThrow(/integrationIds\[1\]/);
  });

  it("treats a blank text like null and finds the first email-looking identity", () => {
    expect(cleanText("  ")).toBeNull();
    expect(cleanText(" Jane ")).toBe("Jane");
    expect(emailAmong(["Jane", "jane@example.com", "j@x.org"])).toBe("jane@example.com");
    expect(emailAmong(["Jane", "@handle"])).toBeNull();
  });
});
