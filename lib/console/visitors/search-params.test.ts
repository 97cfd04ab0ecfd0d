import { describe, expect, it } from "vitest";
import { nextVisitorLimit } from "./query-values";
import { apiSearch, parseVisitorQuery, visitorQueryString } from "./search-params";

describe("visitor query", () => {
  it("parses the URL, ignoring unknown filters and sizes", () => {
    expect(parseVisitorQuery(new URLSearchParams("search=%23vip&status=online&limit=150"))).toEqual({ search: "#vip", status: "online", limit: 150 });
    expect(parseVisitorQuery({ status: "nope", limit: "75" })).toEqual({ search: "", status: "all", limit: 50 });
    expect(parseVisitorQuery({ search: ["a", "b"], limit: "5000" })).toEqual({ search: "a", status: "all", limit: 50 });
  });

  it("writes only what differs from the defaults", () => {
    expect(visitorQueryString({ search: "", status: "all", limit: 50 })).toBe("");
    expect(visitorQueryString({ search: "  ", status: "all" })).toBe("");
    expect(visitorQueryString({ search: "ip:1.2.3.4", status: "offline", limit: 100 })).toBe("?search=ip:1.2.3.4&status=offline&limit=100");
    expect(new URLSearchParams(visitorQueryString({ search: "a&b #vip" })).get("search")).toBe("a&b #vip");
  });

  it("loads more a page at a time, up to the API's 500", () => {
    expect(nextVisitorLimit(50)).toBe(100);
    expect(nextVisitorLimit(450)).toBe(500);
    expect(nextVisitorLimit(500)).toBeNull();
  });

  it("expresses the online filter with the grammar's tokens, replacing any typed one", () => {
    expect(apiSearch({ search: " jane ", status: "all" })).toBe("jane");
    expect(apiSearch({ search: "", status: "online" })).toBe("online");
    expect(apiSearch({ search: "#vip online", status: "offline" })).toBe("#vip -online");
    expect(apiSearch({ search: "-online #vip", status: "online" })).toBe("#vip online");
    expect(apiSearch({ search: "onliner", status: "online" })).toBe("onliner online");
  });
});
