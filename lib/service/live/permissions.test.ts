import { describe, expect, it } from "vitest";
import { allowedTools, FEATURE_OF, toolAllowed } from "./permissions";

describe("tool permissions", () => {
  it("follows the watch link's permissions, with the contract's defaults for those left out", () => {
    expect(toolAllowed({}, "click")).toBe(true);
    expect(toolAllowed({ allow_click: false }, "click")).toBe(false);
    expect(toolAllowed({ allow_click: false }, "scroll")).toBe(true);
    expect(toolAllowed({ allow_type: false }, "type")).toBe(false);
    expect(toolAllowed({ allow_type: false }, "key")).toBe(false);
    expect(toolAllowed({ allow_click: false }, "hover")).toBe(false);
    expect(toolAllowed({ allow_click: false }, "drag")).toBe(false);
    expect(toolAllowed({ allow_click: false }, "select")).toBe(false);
    expect(toolAllowed({ allow_type: false }, "select")).toBe(true);
    expect(toolAllowed({ allow_scroll: false }, "scroll")).toBe(false);
    expect(toolAllowed({ allow_draw: false }, "draw")).toBe(false);
    expect(toolAllowed({ allow_draw: false }, "clear")).toBe(false);
    expect(toolAllowed({ allow_agent_redirect: false }, "navigate")).toBe(false);
    expect(toolAllowed({ allow_agent_redirect: false }, "reload")).toBe(false);
    expect(toolAllowed({ allow_agent_redirect: false }, "draw")).toBe(true);
  });

  it("always allows the pointer, pointing at an element and custom messages, which change nothing on the visitor's page", () => {
    const none = { allow_click: false, allow_scroll: false, allow_type: false, allow_draw: false, allow_agent_redirect: false };
    expect(toolAllowed(none, "pointer")).toBe(true);
    expect(allowedTools(none)).toEqual(["pointer", "message", "highlight"]);
    expect(allowedTools({})).toEqual([
      "pointer",
      "click",
      "hover",
      "drag",
      "scroll",
      "type",
      "key",
      "draw",
      "clear",
      "navigate",
      "reload",
      "message",
      "select",
      "highlight",
    ]);
  });

  it("records each tool under the API's features_used names", () => {
    expect(FEATURE_OF).toEqual({
      pointer: "remote_cursor",
      click: "click",
      hover: "remote_cursor",
      drag: "click",
      scroll: "scroll",
      type: "type",
      key: "type",
      draw: "draw",
      clear: "draw",
      navigate: "agent_redirect",
      reload: "agent_redirect",
      message: "custom_message",
      select: "click",
      highlight: "remote_cursor",
    });
  });
});
