import { describe, expect, it } from "vitest";
import { loadUsageSearchParams, usageUrl } from "./search-params";

describe("the Usage page's URL state", () => {
  it("reads the ranges, falling back to 24 hours and 7 days for anything else", () => {
    expect(loadUsageSearchParams("?range=7d&days=30")).toEqual({ range: "7d", days: 30 });
    expect(loadUsageSearchParams("?range=toString&days=8")).toEqual({ range: "24h", days: 7 });
    expect(loadUsageSearchParams({ range: undefined, days: "" })).toEqual({ range: "24h", days: 7 });
    expect(loadUsageSearchParams(new URLSearchParams("range=30d&range=7d"))).toMatchObject({ range: "30d" });
  });

  it("writes links that keep the other range and leave out defaults", () => {
    expect(usageUrl("/usage", { range: "7d", days: 30 })).toBe("/usage?range=7d&days=30");
    expect(usageUrl("/usage", { range: "24h", days: 7 })).toBe("/usage");
  });
});
