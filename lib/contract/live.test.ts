import { describe, expect, it } from "vitest";
import { controlMessageSchema } from "./live";

describe("the select tool", () => {
  it("takes one option, or the whole choice of a list that allows several", () => {
    expect(controlMessageSchema.parse({ tool: "select", id: 4, value: "cherry" })).toEqual({ tool: "select", id: 4, value: "cherry" });
    expect(controlMessageSchema.parse({ tool: "select", id: 4, value: ["red", "blue"] })).toEqual({ tool: "select", id: 4, value: ["red", "blue"] });
    expect(controlMessageSchema.parse({ tool: "select", id: 4, value: [] })).toEqual({ tool: "select", id: 4, value: [] });
  });

  it("refuses anything else, naming the field", () => {
    for (const value of [3, [3], ["x".repeat(1001)], Array.from({ length: 501 }, () => "a"), null]) {
      const result = controlMessageSchema.safeParse({ tool: "select", id: 4, value });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].path[0]).toBe("value");
    }
  });
});
