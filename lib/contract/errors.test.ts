import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_STATUS, errorCodeSchema } from "./index";

describe("error codes", () => {
  it("maps each documented code to its HTTP status", () => {
    expect(ERROR_STATUS).toMatchObject({
      invalid_api_key: 401,
      no_subscription: 401,
      api_not_enabled: 401,
      please_contact_team: 401,
      visitor_not_found: 404,
      agent_not_found: 404,
      not_found: 404,
      visitor_online: 409,
      subscription_limit: 402,
      proxy_not_enabled: 402,
      not_authorized: 402,
      invalid_request: 400,
      rate_limited: 429,
    });
  });

  it("has one constant per code, equal to the code", () => {
    expect(Object.keys(ERROR_CODES)).toEqual(Object.keys(ERROR_STATUS));
    for (const [name, code] of Object.entries(ERROR_CODES)) expect(code).toBe(name);
    expect(errorCodeSchema.safeParse(ERROR_CODES.visitor_online).success).toBe(true);
    expect(errorCodeSchema.safeParse("teapot").success).toBe(false);
  });
});
