import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/client";
import { searchRefusal } from "./search-refusal";

describe("searchRefusal", () => {
  it("explains a search the API refused, with the API's reason", () => {
    const error = new ApiError({ kind: "invalid_request", status: 400, code: "invalid_request", message: "query.search: must not contain the NUL character" });
    expect(searchRefusal(error)).toBe(
      "The co-browsing API refused this search (query.search: must not contain the NUL character). Change the search and try again.",
    );
  });

  it("leaves other failures to the page's error handling", () => {
    expect(searchRefusal(new ApiError({ kind: "unavailable", status: 503, code: "service_unavailable", message: "down" }))).toBeNull();
    expect(searchRefusal(new Error("bug"))).toBeNull();
  });
});
