import type { ControlMessage } from "@/lib/contract";

type KeyControl = Extract<ControlMessage, { tool: "key" }>;

const MODIFIER: Record<string, "ctrlKey" | "shiftKey" | "altKey" | "metaKey"> = {
  control: "ctrlKey",
  ctrl: "ctrlKey",
  shift: "shiftKey",
  alt: "altKey",
  option: "altKey",
  meta: "metaKey",
  command: "metaKey",
  cmd: "metaKey",
};

/** Names a person would write for keys whose KeyboardEvent key is another. */
const ALIAS: Record<string, string> = {
  space: " ",
  esc: "Escape",
  del: "Delete",
  return: "Enter",
  up: "ArrowUp",
  down: "ArrowDown",
  left: "ArrowLeft",
  right: "ArrowRight",
};

/** "Control+Shift+ArrowLeft" → the key press the watch page sends for it; "+" alone (or last) is the plus key. */
export function keyPress(combo: string): KeyControl {
  const parts = combo.endsWith("++") ? [...combo.slice(0, -2).split("+"), "+"] : combo === "+" ? ["+"] : combo.split("+");
  const named = parts.pop() ?? combo;
  const press: KeyControl = { tool: "key", key: ALIAS[named.toLowerCase()] ?? named };
  for (const part of parts) {
    const modifier = MODIFIER[part.toLowerCase()];
    if (modifier) press[modifier] = true;
  }
  return press;
}
