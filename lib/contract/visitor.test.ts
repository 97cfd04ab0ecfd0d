import { describe, expect, it } from "vitest";
import { getVisitorQuerySchema, listVisitorsQuerySchema, purgeVisitorsQuerySchema, visitorSchema } from "./index";
import { visitorExample } from "./examples";
import { issuesOf } from "./test-helpers";

describe("visitorSchema fields", () => {
  it("rejects an unknown device_type and accepts null", () => {
    expect(issuesOf(visitorSchema, { short_id: "v1", device_type: "fridge" })[0].path).toEqual(["device_type"]);
    expect(visitorSchema.parse({ short_id: "v1", device_type: null }).device_type).toBeNull();
  });

  it("rejects a tag without # and a lookup code that is not 4 digits", () => {
    expect(issuesOf(visitorSchema, { ...visitorExample, tags: ["vip"] })[0].path).toEqual(["tags", 0]);
    expect(issuesOf(visitorSchema, { short_id: "v1", lookup_code: "12a4" })[0].path).toEqual(["lookup_code"]);
  });
});

describe("listVisitorsQuerySchema", () => {
  it("coerces max_results from the query string", () => {
    expect(listVisitorsQuerySchema.parse({ search: "#vip", max_results: "25" })).toEqual({ search: "#vip", max_results: 25 });
    expect(listVisitorsQuerySchema.parse({})).toEqual({});
  });

  it.each(["0", "abc", "-3", "2.5"])("rejects max_results %j", (value) => {
    const [issue] = issuesOf(listVisitorsQuerySchema, { max_results: value });
    expect(issue.path).toEqual(["max_results"]);
    expect(issue.message).toBe("must be a positive integer");
  });
});

describe("getVisitorQuerySchema", () => {
  it.each([
    [{}, false],
    [{ with_history: "true" }, true],
    [{ with_history: "1" }, true],
    [{ with_history: "false" }, false],
    [{ with_history: "0" }, false],
  ])("reads %j as with_history=%s", (query, expected) => {
    expect(getVisitorQuerySchema.parse(query).with_history).toBe(expected);
  });

  it("rejects other spellings", () => {
    expect(issuesOf(getVisitorQuerySchema, { with_history: "yes" })[0].path).toEqual(["with_history"]);
  });
});

describe("purgeVisitorsQuerySchema", () => {
  it('accepts only all="true"', () => {
    expect(purgeVisitorsQuerySchema.parse({ all: "true" })).toEqual({ all: "true" });
  });

  it.each([{}, { all: "1" }, { all: "false" }, { all: "TRUE" }])("rejects %j", (query) => {
    const [issue] = issuesOf(purgeVisitorsQuerySchema, query);
    expect(issue.path).toEqual(["all"]);
    expect(issue.message).toContain("all=true is required to confirm");
  });
});
