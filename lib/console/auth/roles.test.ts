import { describe, expect, it } from "vitest";
import { hasRole } from "./roles";
import { ABSOLUTE_LIMIT_MS, isWithinAbsoluteLimit } from "./session-limits";

describe("roles", () => {
  it("ranks agent < lead < admin", () => {
    expect(hasRole("agent", "agent")).toBe(true);
    expect(hasRole("agent", "lead")).toBe(false);
    expect(hasRole("lead", "agent")).toBe(true);
    expect(hasRole("lead", "admin")).toBe(false);
    expect(hasRole("admin", "lead")).toBe(true);
  });
});

describe("absolute session limit", () => {
  it("ends a session 12 hours after sign-in, and refuses a token without a sign-in time", () => {
    const now = Date.now();
    expect(isWithinAbsoluteLimit(now - ABSOLUTE_LIMIT_MS + 1_000, now)).toBe(true);
    expect(isWithinAbsoluteLimit(now - ABSOLUTE_LIMIT_MS, now)).toBe(false);
    expect(isWithinAbsoluteLimit(undefined, now)).toBe(false);
  });
});
