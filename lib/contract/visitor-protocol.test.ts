import { describe, expect, it } from "vitest";
import { registerRequestSchema } from "./visitor-protocol";
import { issuesOf } from "./test-helpers";

describe("registerRequestSchema", () => {
  const registration = { publicKey: "pk_test", url: "https://shop.example.com/" };

  it("takes the version the script stamps itself with, and a registration of a script from before it stamped one", () => {
    expect(registerRequestSchema.parse({ ...registration, scriptVersion: "0.1.0" }).scriptVersion).toBe("0.1.0");
    expect(registerRequestSchema.parse(registration).scriptVersion).toBeUndefined();
  });

  it("refuses a version that is no short text", () => {
    expect(issuesOf(registerRequestSchema, { ...registration, scriptVersion: "9".repeat(65) })[0].path).toEqual(["scriptVersion"]);
    expect(issuesOf(registerRequestSchema, { ...registration, scriptVersion: 2 })[0].path).toEqual(["scriptVersion"]);
  });
});
