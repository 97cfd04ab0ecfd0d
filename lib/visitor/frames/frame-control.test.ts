import { describe, expect, it } from "vitest";
import { isForwardable } from "./frame-control";

describe("the agent's input passed into a cross-origin frame", () => {
  it("is played there only for the mouse and keyboard, with points and text of the right types", () => {
    expect(isForwardable({ tool: "click", id: 0, x: 10, y: 20 })).toBe(true);
    expect(isForwardable({ tool: "scroll", dx: 0, dy: 120, x: 1, y: 2 })).toBe(true);
    expect(isForwardable({ tool: "key", key: "Enter" })).toBe(true);
    expect(isForwardable({ tool: "type", text: "a" })).toBe(true);
    for (const refused of [
      { tool: "navigate", url: "https://elsewhere.example" },
      { tool: "draw", points: [[1, 2]] },
      { tool: "select", id: 3, value: "a" },
      { tool: "click", id: 0, x: "10", y: 20 },
      { tool: "hover", x: Infinity, y: 0 },
      { tool: "key", key: 13 },
      { tool: "type", text: null },
      null,
      "click",
    ])
      expect(isForwardable(refused)).toBe(false);
  });
});
