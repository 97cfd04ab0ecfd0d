import { describe, expect, it } from "vitest";
import { apiSearch, parseVisitorQuery, visitorQueryString } from "./search-params";

describe("visitor query", () => {
  it("parses the URL, ignoring unknown filters", () => {
    expect(parseVisitorQuery(new URLSearchParams("search=%23vip&status=online"))).toEqual({ search: "#vip", status: "online" });
    expect(parseVisitorQuery({ status: "nope" })).toEqual({ search: "", status: "all" });
    expect(parseVisitorQuery({ search: ["a", "b"] })).toEqual({ search: "a", status: "all" });
  });

  it("writes only what differs from the defaults", () => {
    expect(visitorQueryString({ search: "", status: "all" })).toBe("");
    expect(visitorQueryString({ search: "ip:1.2.3.4", status: "offline" })).toBe("?search=ip%3A1.2.3.4&status=offline");
  });

  it("expresses the online filter with the grammar's tokens, replacing any typed one", () => {
    expect(apiSearch({ search: " jane ", status: "all" })).toBe("jane");
    expect(apiSearch({ search: "", status: "online" })).toBe("online");
    expect(apiSearch({ search: "#vip online", status: "offline" })).toBe("#vip -online");
    expect(apiSearch({ search: "-online #vip", status: "online" })).toBe("#vip online");
    expect(apiSearch({ search: "onliner", status: "online" })).toBe("onliner online");
  });
});
