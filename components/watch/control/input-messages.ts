/**
 * The agent's mouse and keyboard over the mirror, turned into control messages for the visitor's page:
 * pure, so that each mapping is tested on its own (use-control-input.ts wires them to the overlay).
 */
import type { ControlMessage } from "@/lib/contract";

/** A point of the visitor's viewport, in its pixels. */
export interface Point {
  x: number;
  y: number;
}

/** The modifier keys held with a mouse or key event. */
type Held = Pick<MouseEvent, "ctrlKey" | "shiftKey" | "altKey" | "metaKey">;

/** A key press over the mirror: React's keyboard event, of which only these are read. */
export type KeyInput = Held & Pick<KeyboardEvent, "key" | "code"> & { nativeEvent: Pick<KeyboardEvent, "isComposing"> };

/** Leaves the mirror: the watch page keeps no other key for itself while the agent controls. */
export const LEAVE_KEYS = "Ctrl+Alt+Shift";
/** Keys that only modify others: they travel as the modifiers of the key they modify. */
const MODIFIER_KEYS = ["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", "Fn", "OS"];
/** The contract's longest text of one message. */
const MAX_TEXT = 1000;

/** What the mirror shows but cannot act on: a file is the visitor's to choose; a masked list shows no options. */
export const FILE_NOTICE = "A file can only be chosen by the visitor: ask them to choose it on their page.";
export const MASKED_LIST_NOTICE = "This list is masked: its options are not shared.";

const round = (value: number) => Math.round(value * 10) / 10;

/** Where a point of the watch page falls on the visitor's page: within the mirror's box, unscaled, to a tenth of a pixel. */
export function visitorPoint(event: Pick<MouseEvent, "clientX" | "clientY">, box: Pick<DOMRect, "left" | "top">, scale: number): Point {
  return { x: round((event.clientX - box.left) / scale), y: round((event.clientY - box.top) / scale) };
}

/** The modifiers held, each only when held (a message carries no `false`). */
export function modifiersOf(event: Held) {
  return {
    ...(event.ctrlKey && { ctrlKey: true as const }),
    ...(event.shiftKey && { shiftKey: true as const }),
    ...(event.altKey && { altKey: true as const }),
    ...(event.metaKey && { metaKey: true as const }),
  };
}

/** A click's number in a quick series (the event's `detail`): 1 to 3. */
export const clickCount = (detail: number) => Math.min(3, Math.max(1, detail));

/** A left click on the mirrored node `id` (none when the point shows no node of the visitor's page). */
export function clickMessage(id: number, point: Point, count: number, held: Held): ControlMessage | null {
  return id > 0 ? { tool: "click", id, ...point, ...(count > 1 && { count }), ...modifiersOf(held) } : null;
}

/** A right click on the mirrored node `id`: the visitor's page gets its context menu. */
export function rightClickMessage(id: number, point: Point, held: Held): ControlMessage | null {
  return id > 0 ? { tool: "click", id, ...point, button: "right", ...modifiersOf(held) } : null;
}

/** A wheel turned at the point: in whole pixels, as the contract's coordinates are checked. */
export function wheelMessage(event: Pick<WheelEvent, "deltaX" | "deltaY">, point: Point): ControlMessage {
  return { tool: "scroll", dx: Math.round(event.deltaX), dy: Math.round(event.deltaY), ...point };
}

/** Pasted text goes as one insertion (none for an empty clipboard). */
export function pasteMessage(text: string): ControlMessage | null {
  const pasted = text.slice(0, MAX_TEXT);
  return pasted ? { tool: "type", text: pasted, paste: true } : null;
}

/** An input method's text (an accent, a Japanese word) goes as one composed insertion, never as its keys. */
export function compositionMessage(data: string): ControlMessage | null {
  return data ? { tool: "type", text: data.slice(0, MAX_TEXT), composition: true } : null;
}

/** Keys that open a focused list, as on a person's keyboard. */
const opensList = (event: KeyInput) =>
  event.key === " " || event.key === "Enter" || event.key === "F4" || (event.altKey && (event.key === "ArrowDown" || event.key === "ArrowUp"));

/**
 * What a key pressed over the mirror does: leave the mirror, nothing (a modifier alone, an input
 * method's key), open the focused list's picker, or go to the visitor's page, as a character typed or a
 * key with its modifiers. `keepDefault`: the browser still acts on it (Ctrl/Cmd+V pastes, and the paste
 * sends the text).
 */
export type KeyAction = { action: "leave" } | { action: "none" } | { action: "open-list" } | { action: "send"; message: ControlMessage; keepDefault: boolean };

export function keyAction(event: KeyInput, listFocused: boolean): KeyAction {
  if (event.ctrlKey && event.altKey && event.shiftKey && MODIFIER_KEYS.includes(event.key)) return { action: "leave" };
  // An input method's keys ("Process") compose text: its composition's end sends what they made.
  if (MODIFIER_KEYS.includes(event.key) || event.nativeEvent.isComposing || event.key === "Process") return { action: "none" };
  if (listFocused && opensList(event)) return { action: "open-list" };
  const pasting = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "v";
  const character = Array.from(event.key).length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
  const message: ControlMessage = character ? { tool: "type", text: event.key } : { tool: "key", key: event.key, code: event.code, ...modifiersOf(event) };
  return { action: "send", message, keepDefault: pasting };
}
