import { describe, expect, it } from "vitest";
import { allowedTools, FEATURE_OF, requireTools, toolAllowed } from "./permissions";

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

  it("records each tool under one of the API's features_used names", () => {
    expect(new Set(Object.values(FEATURE_OF))).toEqual(new Set(["remote_cursor", "click", "scroll", "type", "draw", "agent_redirect", "custom_message"]));
    const { hover, drag, key, clear, reload, select, highlight } = FEATURE_OF;
    expect({ hover, drag, key, clear, reload, select, highlight }).toEqual({
      hover: "remote_cursor",
      drag: "click",
      key: "type",
      clear: "draw",
      reload: "agent_redirect",
      select: "click",
      highlight: "remote_cursor",
    });
  });

  it("refuses with 403 a list of tools when one is not allowed, naming it", () => {
    expect(() => requireTools({ allow_type: false }, ["pointer", "click", "type", "key"])).toThrow(
      expect.objectContaining({ code: "permission_denied", message: "The watch link does not allow the type tool." }),
    );
    expect(() => requireTools({ allow_type: false }, ["pointer", "click", "highlight"])).not.toThrow();
  });
});
