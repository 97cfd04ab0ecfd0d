/**
 * Editors built on EditContext (Monaco in Chromium) take text from the browser's input machinery, not
 * from the DOM: the browser updates the element's EditContext and fires `textupdate` on it. A script's
 * key events never reach that machinery, so the agent's text is given to the editor the same way.
 */

/** The parts of EditContext (not yet in TypeScript's DOM types) used here. */
interface EditContextLike extends EventTarget {
  text: string;
  selectionStart: number;
  selectionEnd: number;
  updateText: (start: number, end: number, text: string) => void;
  updateSelection: (start: number, end: number) => void;
}

type EditContextWindow = Window & { TextUpdateEvent?: new (type: string, init: Record<string, unknown>) => Event };

/** The EditContext attached to `element`, if any. */
export function editContextOf(element: Element | null): EditContextLike | null {
  return ((element as (Element & { editContext?: EditContextLike | null }) | null)?.editContext ?? null) || null;
}

/** Replaces the EditContext's selection with `text`, as typing does; false when `target` has none. */
export function typeIntoEditContext(target: Element, text: string): boolean {
  const context = editContextOf(target);
  const view = target.ownerDocument.defaultView as EditContextWindow | null;
  if (!context || !view?.TextUpdateEvent) return false;
  const start = Math.min(context.selectionStart, context.selectionEnd);
  const end = Math.max(context.selectionStart, context.selectionEnd);
  const caret = start + text.length;
  context.updateText(start, end, text);
  context.updateSelection(caret, caret);
  context.dispatchEvent(
    new view.TextUpdateEvent("textupdate", { text, updateRangeStart: start, updateRangeEnd: end, selectionStart: caret, selectionEnd: caret }),
  );
  return true;
}
