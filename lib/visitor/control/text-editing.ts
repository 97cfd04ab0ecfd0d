/**
 * The default actions of keys in what can be edited (a text field or contenteditable), which a
 * script's key events never trigger by themselves: the visitor script carries them out, announced by a
 * cancellable `beforeinput` as a browser does. Editing goes through the document's editing commands
 * where they apply, so the caret, the selection and the page's undo history behave as for typing.
 */

import { deepActiveElement } from "@/lib/dom/shadow";
import { editContextOf, typeIntoEditContext } from "./edit-context";

export type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Types whose value is no text at the caret (date and time inputs take theirs whole: native-inputs.ts). */
const NOT_TEXT = [
  "checkbox",
  "radio",
  "button",
  "submit",
  "file",
  "hidden",
  "image",
  "reset",
  "range",
  "color",
  "date",
  "time",
  "month",
  "week",
  "datetime-local",
];

/** A text field that accepts typing; by tag, since a frame's elements belong to another window's classes. */
export function textField(element: Element | null): TextField | null {
  if (!element) return null;
  const field = element as TextField;
  if (element.localName === "textarea") return field.readOnly || field.disabled ? null : field;
  if (element.localName !== "input" || field.readOnly || field.disabled || NOT_TEXT.includes((field as HTMLInputElement).type)) return null;
  return field;
}

/** Editable content: contenteditable, or an element an EditContext editor (Monaco) types into. */
export function richEditable(element: Element | null): HTMLElement | null {
  return element && ((element as HTMLElement).isContentEditable || editContextOf(element)) ? (element as HTMLElement) : null;
}

/** Fires `beforeinput`; true unless the page cancelled it (editors built on it do, then edit themselves). */
function beforeInput(target: Element, inputType: string, data: string | null): boolean {
  return target.dispatchEvent(new InputEvent("beforeinput", { bubbles: true, cancelable: true, composed: true, inputType, data }));
}

function selectionOf(field: TextField): [number, number] {
  try {
    const end = field.selectionEnd ?? field.value.length;
    return [field.selectionStart ?? end, end];
  } catch {
    return [field.value.length, field.value.length]; // e.g. type=email has no selection API
  }
}

/** Replaces the field's selection through the native setter (frameworks that track it, React, see it). */
function replaceInField(field: TextField, from: number, to: number, text: string, inputType: string) {
  const value = field.value.slice(0, from) + text + field.value.slice(to);
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  try {
    field.setSelectionRange(from + text.length, from + text.length);
  } catch {
    // no selection API
  }
  field.dispatchEvent(new InputEvent("input", { bubbles: true, composed: true, inputType, data: inputType.startsWith("insert") ? text : null }));
}

/** Inserts text at the caret, replacing the selection. */
export function insertText(target: Element, text: string, inputType = "insertText"): void {
  if (!beforeInput(target, inputType, text) || typeIntoEditContext(target, text)) return;
  const field = textField(target);
  const doc = target.ownerDocument;
  // The editing command inserts as typing does and fires `input`; a field whose value it cannot reach gets the setter.
  if (deepActiveElement(doc) === target && doc.execCommand(inputType === "insertLineBreak" ? "insertLineBreak" : "insertText", false, text)) return;
  if (field) {
    const [start, end] = selectionOf(field);
    replaceInField(field, start, end, text, inputType);
  }
}

export function insertParagraph(target: Element): void {
  if (beforeInput(target, "insertParagraph", null)) target.ownerDocument.execCommand("insertParagraph");
}

/** Backspace (backward) or Delete (forward): the selection, else one character. */
export function deleteContent(target: Element, forward: boolean): void {
  const inputType = forward ? "deleteContentForward" : "deleteContentBackward";
  if (!beforeInput(target, inputType, null)) return;
  const doc = target.ownerDocument;
  if (deepActiveElement(doc) === target && doc.execCommand(forward ? "forwardDelete" : "delete")) return;
  const field = textField(target);
  if (!field) return;
  const [start, end] = selectionOf(field);
  if (start !== end) return replaceInField(field, start, end, "", inputType);
  if (forward && end < field.value.length) replaceInField(field, start, end + 1, "", inputType);
  if (!forward && start > 0) replaceInField(field, start - 1, end, "", inputType);
}

/** Where Home/End and Up/Down take the caret in a field: the line's ends in a textarea, the value's in an input. */
function lineEdge(field: TextField, from: number, toEnd: boolean): number {
  if (field.localName !== "textarea") return toEnd ? field.value.length : 0;
  if (toEnd) {
    const next = field.value.indexOf("\n", from);
    return next < 0 ? field.value.length : next;
  }
  return field.value.lastIndexOf("\n", from - 1) + 1;
}

const MOVES: Record<string, [direction: "backward" | "forward", granularity: string]> = {
  ArrowLeft: ["backward", "character"],
  ArrowRight: ["forward", "character"],
  ArrowUp: ["backward", "line"],
  ArrowDown: ["forward", "line"],
  Home: ["backward", "lineboundary"],
  End: ["forward", "lineboundary"],
};

/** Arrows, Home and End move the caret; with Shift they extend the selection; with Ctrl, by word (or to the text's ends for Home/End). */
export function moveCaret(target: Element, key: string, extend: boolean, byWord: boolean): boolean {
  const move = MOVES[key];
  if (!move) return false;
  const [direction, lineGranularity] = move;
  const granularity = byWord && lineGranularity === "character" ? "word" : byWord && lineGranularity === "lineboundary" ? "documentboundary" : lineGranularity;
  const field = textField(target);
  if (!field) {
    target.ownerDocument.getSelection()?.modify(extend ? "extend" : "move", direction, granularity);
    return true;
  }
  const [start, end] = selectionOf(field);
  const backward = field.selectionDirection === "backward";
  const focus = start === end ? start : backward ? start : end;
  const anchor = start === end ? start : backward ? end : start;
  let to: number;
  if (granularity === "character") to = !extend && start !== end ? (direction === "forward" ? end : start) : focus + (direction === "forward" ? 1 : -1);
  else if (granularity === "word") to = wordEdge(field.value, focus, direction === "forward");
  else if (granularity === "documentboundary") to = direction === "forward" ? field.value.length : 0;
  else to = lineEdge(field, focus, direction === "forward");
  to = Math.max(0, Math.min(field.value.length, to));
  try {
    if (!extend) field.setSelectionRange(to, to);
    else field.setSelectionRange(Math.min(anchor, to), Math.max(anchor, to), to < anchor ? "backward" : "forward");
  } catch {
    // no selection API: the caret stays
  }
  return true;
}

function wordEdge(value: string, from: number, forward: boolean): number {
  const pattern = forward ? /^\s*\S+/ : /\S+\s*$/;
  const match = forward ? pattern.exec(value.slice(from)) : pattern.exec(value.slice(0, from));
  if (!match) return forward ? value.length : 0;
  return forward ? from + match[0].length : from - match[0].length;
}

export function selectAll(target: Element): void {
  const field = textField(target);
  if (field) field.select();
  else target.ownerDocument.execCommand("selectAll");
}
