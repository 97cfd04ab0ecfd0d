import type { ControlMessage } from "@/lib/contract";
import type { Drawing } from "./drawing";
import { isMasked } from "./masking";
import type { createPointer } from "./pointer";
import { click, wheel } from "./remote-input";

type Pointer = ReturnType<typeof createPointer>;

/** What the agents' tools act on besides the page itself. */
export interface ControlTargets {
  nodeOf: (id: number) => Node | null;
  maskSelector: string;
  pointer: Pointer;
  drawing: Drawing;
}

function editable(element: Element | null): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return !element.readOnly && !element.disabled;
  return (
    element instanceof HTMLInputElement &&
    !element.readOnly &&
    !element.disabled &&
    !["checkbox", "radio", "button", "submit", "file", "hidden", "image", "reset"].includes(element.type)
  );
}

/** Sets a field's value the way typing does, so frameworks that track the native setter (React) see it. */
function setValue(field: HTMLInputElement | HTMLTextAreaElement, value: string, caret: number) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  try {
    field.setSelectionRange(caret, caret);
  } catch {
    // e.g. type=email has no selection API
  }
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

function insertText(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  let start = field.value.length;
  let end = start;
  try {
    start = field.selectionStart ?? start;
    end = field.selectionEnd ?? end;
  } catch {
    // no selection API: append
  }
  setValue(field, field.value.slice(0, start) + text + field.value.slice(end), start + text.length);
}

function deleteBackward(field: HTMLInputElement | HTMLTextAreaElement) {
  let start = field.value.length;
  let end = start;
  try {
    start = field.selectionStart ?? start;
    end = field.selectionEnd ?? end;
  } catch {
    // append mode
  }
  const from = start === end ? Math.max(0, start - 1) : start;
  setValue(field, field.value.slice(0, from) + field.value.slice(end), from);
}

/**
 * Applies an agent's tool to the visitor's page. The service already checked the session's
 * permissions; this side refuses anything aimed at a masked element, so an agent can never click or
 * type into what it cannot see.
 */
export function applyControl(message: ControlMessage, { nodeOf, maskSelector, pointer, drawing }: ControlTargets): void {
  switch (message.tool) {
    case "pointer":
      pointer.move(message.x, message.y);
      return;
    case "scroll":
      if (message.x === undefined || message.y === undefined) window.scrollBy(message.dx, message.dy);
      else wheel(message.x, message.y, message.dx, message.dy, maskSelector);
      return;
    case "click": {
      const node = nodeOf(message.id);
      const element = node instanceof Element ? node : (node?.parentElement ?? null);
      if (!(element instanceof HTMLElement) || isMasked(element, maskSelector)) return;
      const box = element.getBoundingClientRect();
      const x = message.x ?? box.left + box.width / 2;
      const y = message.y ?? box.top + box.height / 2;
      pointer.move(x, y, true);
      click(element, x, y);
      return;
    }
    case "type": {
      const field = document.activeElement;
      if (editable(field) && !isMasked(field, maskSelector)) insertText(field, message.text);
      return;
    }
    case "key": {
      const field = document.activeElement;
      if (!editable(field) || isMasked(field, maskSelector)) return;
      if (message.key === "Backspace") deleteBackward(field);
      else if (message.key === "Enter" && field instanceof HTMLInputElement) field.form?.requestSubmit();
      else if (message.key === "Enter") insertText(field, "\n");
      return;
    }
    case "draw":
      drawing.stroke(message.points);
      return;
    case "clear":
      drawing.clear();
      return;
    case "navigate":
      // The service accepts only http(s) URLs; checked again here, so no javascript: URL ever runs.
      if (/^https?:\/\//i.test(message.url)) location.assign(message.url);
      return;
    case "reload":
      location.reload();
      return;
    case "message":
      return; // for the page's listeners: cobrowse.js handles it
    case "select": {
      const field = nodeOf(message.id);
      if (!(field instanceof HTMLSelectElement) || field.disabled || isMasked(field, maskSelector)) return;
      const option = Array.from(field.options).find((candidate) => candidate.value === message.value || candidate.label === message.value);
      if (!option) return;
      field.focus({ preventScroll: true });
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")?.set?.call(field, option.value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    case "highlight": {
      const node = nodeOf(message.id);
      const element = node instanceof Element ? node : (node?.parentElement ?? null);
      if (!element || isMasked(element, maskSelector)) return;
      const { left, top, right, bottom } = element.getBoundingClientRect();
      pointer.move((left + right) / 2, (top + bottom) / 2);
      if (message.outline)
        drawing.stroke([
          [left - 4, top - 4],
          [right + 4, top - 4],
          [right + 4, bottom + 4],
          [left - 4, bottom + 4],
          [left - 4, top - 4],
        ]);
      return;
    }
  }
}
