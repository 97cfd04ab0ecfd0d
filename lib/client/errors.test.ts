import { describe, expect, it } from "vitest";
import { ApiError, codeForStatus, isApiError, kindForStatus, parseRetryAfter } from "./errors";

describe("kindForStatus", () => {
  it.each([
    [404, "not_found"],
    [402, "payment_required"],
    [409, "conflict"],
    [401, "unauthorized"],
    [403, "unauthorized"],
    [400, "invalid_request"],
    [422, "invalid_request"],
    [429, "rate_limited"],
    [500, "unavailable"],
    [503, "unavailable"],
    [302, "invalid_response"],
  ] as const)("%i → %s", (status, kind) => {
    expect(kindForStatus(status)).toBe(kind);
  });

  it("derives codes from statuses", () => {
    expect([codeForStatus(404), codeForStatus(401), codeForStatus(400), codeForStatus(500), codeForStatus(418)]).toEqual([
      "not_found",
      "unauthorized",
      "invalid_request",
      "server_error",
      "http_418",
    ]);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-01-02T03:04:05Z");
  it("reads delta seconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });
  it("reads an HTTP date", () => {
    expect(parseRetryAfter("Thu, 02 Jan 2025 03:04:35 GMT", now)).toBe(30);
    expect(parseRetryAfter("Thu, 02 Jan 2025 03:00:00 GMT", now)).toBe(0);
  });
  it("ignores absent or unreadable values", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
  });
});

describe("ApiError", () => {
  it("carries kind, status, code and serializes without its cause", () => {
    const error = new ApiError({ kind: "rate_limited", status: 429, code: "rate_limited", message: "slow down", retryAfterSeconds: 3, cause: new Error("x") });
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error("x"))).toBe(false);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "ApiError",
      kind: "rate_limited",
      status: 429,
      code: "rate_limited",
      message: "slow down",
      retryAfterSeconds: 3,
    });
  });
});
