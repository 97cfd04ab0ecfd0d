/**
 * Tells the agent where the visitor's focus is, and what is selected in the focused text field (rrweb
 * records the document's text selection, not a field's): a custom event each time either changes, at
 * most one per FOCUS_EVERY_MS. A masked field's selection is not sent; its focus is (the agent sees
 * its empty box ringed).
 */
import type { FocusMark } from "@/lib/contract/recording-marks";
import { isMasked } from "./masking";

const FOCUS_EVERY_MS = 100;

/** The focused element, inside open shadow roots; null when the document's body has it. */
function focused(): Element | null {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element && element !== document.body && element !== document.documentElement ? element : null;
}

function fieldSelection(element: Element): [number, number] | null {
  if (element.localName !== "input" && element.localName !== "textarea") return null;
  try {
    const field = element as HTMLInputElement;
    return field.selectionStart === null || field.selectionEnd === null ? null : [field.selectionStart, field.selectionEnd];
  } catch {
    return null; // a type without a selection (email, number)
  }
}

/** Starts marking the focus; `resend` repeats the current mark (after a fresh snapshot), `stop` ends. */
export function markFocus(options: { idOf: (node: Node) => number; maskSelector: string; emit: (mark: FocusMark) => void }) {
  let last = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    timer = undefined;
    const element = focused();
    const id = element ? options.idOf(element) : -1;
    const mark: FocusMark = { id: id > 0 ? id : null };
    const selection = element && id > 0 && !isMasked(element, options.maskSelector) ? fieldSelection(element) : null;
    if (selection) [mark.start, mark.end] = selection;
    const key = JSON.stringify(mark);
    if (key === last) return;
    last = key;
    options.emit(mark);
  };
  const soon = () => {
    timer ??= setTimeout(send, FOCUS_EVERY_MS);
  };
  const events = ["focusin", "focusout", "selectionchange", "select", "input", "keyup", "mouseup"];
  events.forEach((type) => document.addEventListener(type, soon, true));
  send();
  return {
    resend() {
      last = "";
      soon();
    },
    stop() {
      clearTimeout(timer);
      events.forEach((type) => document.removeEventListener(type, soon, true));
    },
  };
}
