/**
 * Where a press puts the caret, and what a drag with the button held selects: a browser does both as
 * mousedown's and mousemove's default actions, which a script's mouse events never get. A press in a
 * text field or editable content puts the caret at the point (Shift extends the selection to it); a
 * drag from there selects up to wherever the pointer goes, in a field or in the page's text. The second
 * press of a double-click selects the word there, the third of a triple-click its line or paragraph.
 */
import { shadowRootsAround } from "@/lib/dom/shadow";
import { richEditable, textField } from "./text-editing";
import { lineAt, wordAt } from "./text-units";

type CaretFromPoint = (x: number, y: number, options?: { shadowRoots: ShadowRoot[] }) => CaretPosition | null;

/** The field or DOM position under (x, y) of `doc`'s viewport, inside the shadow roots of `around` (where it was pressed). */
function positionAt(doc: Document, x: number, y: number, around?: Element): { node: Node; offset: number } | null {
  const shadowRoots = around ? shadowRootsAround(around) : [];
  const position = (doc.caretPositionFromPoint as CaretFromPoint | undefined)?.call(doc, x, y, { shadowRoots });
  return position ? { node: position.offsetNode, offset: position.offset } : null;
}

const CONTROLS = ["input", "textarea", "select", "button"];

/** Where the selection being made by a drag started, and the element pressed. */
let anchor: { node: Node; offset: number } | null = null;
let pressedOn: Element | undefined;

/** The block a triple-click in the page's text selects: the paragraph, list item or cell around `node`. */
const BLOCKS = "p,li,dd,dt,td,th,pre,blockquote,h1,h2,h3,h4,h5,h6,div,section,article,[contenteditable]";

/** mousedown's default: the caret at (x, y) in what can be edited, or the selection extended there. */
export function placeCaret(target: Element, x: number, y: number, extend: boolean, count = 1): void {
  anchor = null;
  pressedOn = target;
  const position = positionAt(target.ownerDocument, x, y, target);
  if (!position) return;
  const field = textField(position.node as Element);
  if (field && count > 1) {
    const [start, end] =
      count === 2 ? wordAt(field.value, position.offset) : field.localName === "textarea" ? lineAt(field.value, position.offset) : [0, field.value.length];
    return select(field, start, end);
  }
  // A press on another control (a range's thumb, a button, a list) selects nothing, as in a browser.
  const onControl = CONTROLS.includes((position.node as Element).localName) || target.closest(CONTROLS.join(",")) !== null;
  if (count > 1 && !field) return onControl ? undefined : selectUnit(target.ownerDocument, position, count);
  if (field) {
    const from = extend ? (field.selectionDirection === "backward" ? field.selectionEnd : field.selectionStart) : null;
    select(field, from ?? position.offset, position.offset);
    anchor = { node: field, offset: from ?? position.offset };
    return;
  }
  if (onControl) return;
  const selection = target.ownerDocument.getSelection();
  if (!selection) return;
  const editable = richEditable(position.node.nodeType === Node.ELEMENT_NODE ? (position.node as Element) : position.node.parentElement);
  const extending = extend && selection.rangeCount > 0 && selection.anchorNode !== null;
  anchor = extending ? { node: selection.anchorNode!, offset: selection.anchorOffset } : position;
  if (extending) selection.extend(position.node, position.offset);
  else if (editable) selection.collapse(position.node, position.offset);
}

/** A move with the button held, after a press: selects from the press to (x, y) of the press's document. */
export function extendCaret(doc: Document, x: number, y: number): void {
  const position = positionAt(doc, x, y, pressedOn);
  if (!anchor || !position) return;
  const field = textField(anchor.node as Element);
  if (field) {
    // Past the field's edges, the selection runs to its start or end.
    const box = field.getBoundingClientRect();
    const offset = position.node === field ? position.offset : x < box.left || y < box.top ? 0 : field.value.length;
    return select(field, anchor.offset, offset);
  }
  if (textField(position.node as Element)) return; // a browser's selection does not enter another field
  doc.getSelection()?.setBaseAndExtent(anchor.node, anchor.offset, position.node, position.offset);
}

/** A double-click's word in a text node, or a triple-click's whole block, in the page's selection. */
function selectUnit(doc: Document, position: { node: Node; offset: number }, count: number): void {
  const selection = doc.getSelection();
  if (!selection) return;
  if (count === 2 && position.node.nodeType === Node.TEXT_NODE) {
    const [start, end] = wordAt(position.node.textContent ?? "", position.offset);
    return selection.setBaseAndExtent(position.node, start, position.node, end);
  }
  const element = position.node.nodeType === Node.ELEMENT_NODE ? (position.node as Element) : position.node.parentElement;
  const block = element?.closest(BLOCKS);
  if (count === 3 && block) selection.selectAllChildren(block);
}

function select(field: HTMLInputElement | HTMLTextAreaElement, from: number, to: number) {
  try {
    field.setSelectionRange(Math.min(from, to), Math.max(from, to), to < from ? "backward" : "forward");
  } catch {
    // no selection API (type=email…): the caret stays
  }
}
