import { describe, expect, it } from "vitest";
import { controlMessageSchema } from "@/lib/contract";
import {
  clickCount,
  clickMessage,
  compositionMessage,
  keyAction,
  modifiersOf,
  pasteMessage,
  rightClickMessage,
  visitorPoint,
  wheelMessage,
  type KeyInput,
} from "./input-messages";

const none = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
const key = (pressed: Partial<Omit<KeyInput, "nativeEvent">> & { key: string; composing?: boolean }): KeyInput => ({
  ...none,
  code: "",
  ...pressed,
  nativeEvent: { isComposing: pressed.composing ?? false },
});

describe("where the agent's mouse is on the visitor's page", () => {
  it("takes the point within the mirror's box, unscaled, to a tenth of a pixel", () => {
    expect(visitorPoint({ clientX: 110, clientY: 70 }, { left: 10, top: 20 }, 0.5)).toEqual({ x: 200, y: 100 });
    expect(visitorPoint({ clientX: 11, clientY: 21 }, { left: 10, top: 20 }, 0.3)).toEqual({ x: 3.3, y: 3.3 });
    expect(visitorPoint({ clientX: 50, clientY: 60 }, { left: 50, top: 60 }, 1)).toEqual({ x: 0, y: 0 });
  });
});

describe("clicks, the wheel and the keys held", () => {
  it("carries only the modifiers held", () => {
    expect(modifiersOf(none)).toEqual({});
    expect(modifiersOf({ ...none, ctrlKey: true, metaKey: true })).toEqual({ ctrlKey: true, metaKey: true });
  });

  it("clicks the node at the point with the series' count (1 to 3, left out for one) and the keys held", () => {
    expect(clickMessage(7, { x: 1, y: 2 }, clickCount(1), none)).toEqual({ tool: "click", id: 7, x: 1, y: 2 });
    expect(clickMessage(7, { x: 1, y: 2 }, clickCount(2), { ...none, shiftKey: true })).toEqual({ tool: "click", id: 7, x: 1, y: 2, count: 2, shiftKey: true });
    expect([0, 1, 2, 3, 4, 9].map(clickCount)).toEqual([1, 1, 2, 3, 3, 3]);
  });

  it("sends no click where the mirror shows none of the visitor's nodes", () => {
    expect(clickMessage(-1, { x: 1, y: 2 }, 1, none)).toBeNull();
    expect(clickMessage(0, { x: 1, y: 2 }, 1, none)).toBeNull();
    expect(rightClickMessage(-1, { x: 1, y: 2 }, none)).toBeNull();
  });

  it("right-clicks with the right button", () => {
    expect(rightClickMessage(3, { x: 5, y: 6 }, { ...none, altKey: true })).toEqual({ tool: "click", id: 3, x: 5, y: 6, button: "right", altKey: true });
  });

  it("turns the wheel at the point in whole pixels", () => {
    expect(wheelMessage({ deltaX: 0.4, deltaY: 99.6 }, { x: 10, y: 20 })).toEqual({ tool: "scroll", dx: 0, dy: 100, x: 10, y: 20 });
  });
});

describe("text the agent pastes or composes", () => {
  it("pastes the clipboard's text as one insertion, up to the contract's length, and nothing for an empty one", () => {
    expect(pasteMessage("hello")).toEqual({ tool: "type", text: "hello", paste: true });
    expect(pasteMessage("")).toBeNull();
    const long = pasteMessage("x".repeat(5000));
    expect(long).toEqual({ tool: "type", text: "x".repeat(1000), paste: true });
    expect(controlMessageSchema.safeParse(long).success).toBe(true);
  });

  it("sends an input method's text as one composed insertion", () => {
    expect(compositionMessage("日本語")).toEqual({ tool: "type", text: "日本語", composition: true });
    expect(compositionMessage("")).toBeNull();
    expect(compositionMessage("é".repeat(1200))).toEqual({ tool: "type", text: "é".repeat(1000), composition: true });
  });
});

describe("keys pressed over the mirror", () => {
  it("types a character, and sends any other key with its code and the modifiers held", () => {
    expect(keyAction(key({ key: "a", code: "KeyA" }), false)).toEqual({ action: "send", message: { tool: "type", text: "a" }, keepDefault: false });
    expect(keyAction(key({ key: "A", code: "KeyA", shiftKey: true }), false)).toEqual({
      action: "send",
      message: { tool: "type", text: "A" },
      keepDefault: false,
    });
    expect(keyAction(key({ key: "😀" }), false)).toMatchObject({ message: { tool: "type", text: "😀" } });
    expect(keyAction(key({ key: "Enter", code: "Enter" }), false)).toEqual({
      action: "send",
      message: { tool: "key", key: "Enter", code: "Enter" },
      keepDefault: false,
    });
    expect(keyAction(key({ key: "a", code: "KeyA", ctrlKey: true }), false)).toEqual({
      action: "send",
      message: { tool: "key", key: "a", code: "KeyA", ctrlKey: true },
      keepDefault: false,
    });
    expect(keyAction(key({ key: "Tab", code: "Tab", shiftKey: true }), false)).toMatchObject({ message: { tool: "key", key: "Tab", shiftKey: true } });
  });

  it("lets Ctrl+V and Cmd+V paste in the browser (the paste sends the text) besides sending the key", () => {
    expect(keyAction(key({ key: "v", code: "KeyV", ctrlKey: true }), false)).toEqual({
      action: "send",
      message: { tool: "key", key: "v", code: "KeyV", ctrlKey: true },
      keepDefault: true,
    });
    expect(keyAction(key({ key: "V", code: "KeyV", metaKey: true, shiftKey: true }), false)).toMatchObject({ keepDefault: true });
    expect(keyAction(key({ key: "v", code: "KeyV" }), false)).toMatchObject({ keepDefault: false });
  });

  it("sends no modifier alone and no input method's key", () => {
    for (const modifier of ["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock"])
      expect(keyAction(key({ key: modifier }), false)).toEqual({ action: "none" });
    expect(keyAction(key({ key: "Process" }), false)).toEqual({ action: "none" });
    expect(keyAction(key({ key: "a", composing: true }), false)).toEqual({ action: "none" });
  });

  it("leaves the mirror on Ctrl+Alt+Shift", () => {
    expect(keyAction(key({ key: "Shift", ctrlKey: true, altKey: true, shiftKey: true }), false)).toEqual({ action: "leave" });
    expect(keyAction(key({ key: "Control", ctrlKey: true, altKey: true, shiftKey: true }), true)).toEqual({ action: "leave" });
    expect(keyAction(key({ key: "Shift", ctrlKey: true, shiftKey: true }), false)).toEqual({ action: "none" });
  });

  it("opens a focused list with the keys a person's keyboard opens it with, and sends those keys otherwise", () => {
    for (const pressed of [{ key: " " }, { key: "Enter" }, { key: "F4" }, { key: "ArrowDown", altKey: true }, { key: "ArrowUp", altKey: true }]) {
      expect(keyAction(key(pressed), true)).toEqual({ action: "open-list" });
      expect(keyAction(key(pressed), false)).toMatchObject({ action: "send" });
    }
    expect(keyAction(key({ key: "ArrowDown" }), true)).toMatchObject({ action: "send", message: { tool: "key", key: "ArrowDown" } });
  });
});
