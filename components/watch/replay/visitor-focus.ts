import type { Replayer } from "rrweb";
import { FOCUS_EVENT_TAG, type FocusMark } from "@/lib/contract/recording-marks";

/** A box in the visitor's viewport pixels (the mirror's, at scale 1). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the visitor's focus and text selection are, as the watch page draws them over the mirror. */
export interface FocusMarks {
  /** The focused element's rrweb id (null: none). */
  id: number | null;
  focus: Box | null;
  selection: Box[];
}

const boxOf = ({ left, top, width, height }: DOMRect): Box => ({ x: left, y: top, width, height });

/** Properties that lay out a field's text: a copy with them places each character where the field does. */
const TEXT_LAYOUT = [
  "box-sizing",
  "width",
  "height",
  "padding-top",
  "padding-right",
  "padding-bottom",
  "padding-left",
  "border-top-width",
  "border-right-width",
  "border-bottom-width",
  "border-left-width",
  "border-style",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "font-stretch",
  "letter-spacing",
  "word-spacing",
  "line-height",
  "text-align",
  "text-indent",
  "text-transform",
  "tab-size",
  "direction",
];

/**
 * The boxes of characters `start` to `end` of a text field's value. A field does not expose its text's
 * layout, so a hidden copy of the field (same box, font and wrapping) holds the text, and the selected
 * part's boxes are read from it, less the field's own scroll.
 */
function fieldSelectionBoxes(field: HTMLInputElement | HTMLTextAreaElement, start: number, end: number): Box[] {
  const doc = field.ownerDocument;
  const view = doc.defaultView;
  if (!view || start >= end) return [];
  const style = view.getComputedStyle(field);
  const copy = doc.createElement("div");
  for (const property of TEXT_LAYOUT) copy.style.setProperty(property, style.getPropertyValue(property));
  const box = field.getBoundingClientRect();
  const multiline = field.localName === "textarea";
  Object.assign(copy.style, {
    position: "fixed",
    left: `${box.left}px`,
    top: `${box.top}px`,
    visibility: "hidden",
    overflow: "hidden",
    whiteSpace: multiline ? "pre-wrap" : "pre",
    overflowWrap: multiline ? "break-word" : "normal",
    borderColor: "transparent",
    ...(multiline ? {} : { display: "flex", alignItems: "center" }),
  });
  const value = field.type === "password" ? "•".repeat(field.value.length) : field.value;
  const line = doc.createElement("span");
  const selected = doc.createElement("span");
  selected.textContent = value.slice(start, end);
  line.append(value.slice(0, start), selected, value.slice(end));
  copy.append(line);
  (doc.body ?? doc.documentElement).append(copy);
  const boxes = Array.from(selected.getClientRects())
    .map((rect) => ({ x: rect.left - field.scrollLeft, y: rect.top - field.scrollTop, width: rect.width, height: rect.height }))
    // What the field's scroll hides stays hidden.
    .map((rect) => {
      const x = Math.max(rect.x, box.left);
      return { ...rect, x, width: Math.min(rect.x + rect.width, box.right) - x };
    })
    .filter((rect) => rect.width > 0 && rect.y + rect.height > box.top && rect.y < box.bottom);
  copy.remove();
  return boxes;
}

function isFocusMark(payload: unknown): payload is FocusMark {
  const mark = payload as Partial<FocusMark> | null;
  return (mark?.id === null || typeof mark?.id === "number") && (mark.start === undefined || (typeof mark.start === "number" && typeof mark.end === "number"));
}

/**
 * Follows the visitor's focus (the recorder's focus marks) and text selection (rrweb's selection
 * events, applied to the mirror's document) and reports their boxes after each change the mirror
 * shows: a mark, a scroll, a mutation, a resize.
 */
export function followVisitorFocus(replayer: Replayer, report: (marks: FocusMarks) => void): void {
  let mark: FocusMark = { id: null };
  let frame = 0;
  const measure = () => {
    frame = 0;
    const doc = replayer.iframe.contentDocument;
    if (!doc) return;
    const node = mark.id === null ? null : (replayer.getMirror().getNode(mark.id) as Element | null);
    const element = node?.nodeType === 1 && node.isConnected ? node : null;
    const selection: Box[] = [];
    const field = element?.localName === "input" || element?.localName === "textarea" ? (element as HTMLInputElement) : null;
    if (field && mark.start !== undefined && mark.end !== undefined) selection.push(...fieldSelectionBoxes(field, mark.start, mark.end));
    const ranges = doc.getSelection();
    for (let index = 0; ranges && index < ranges.rangeCount; index++) {
      const range = ranges.getRangeAt(index);
      if (!range.collapsed) selection.push(...Array.from(range.getClientRects(), boxOf).filter((box) => box.width > 0 && box.height > 0));
    }
    report({ id: element ? mark.id : null, focus: element ? boxOf(element.getBoundingClientRect()) : null, selection });
  };
  const soon = () => {
    frame ||= requestAnimationFrame(measure);
  };
  replayer.on("custom-event", (event) => {
    const { tag, payload } = (event as { data?: { tag?: unknown; payload?: unknown } }).data ?? {};
    if (tag !== FOCUS_EVENT_TAG || !isFocusMark(payload)) return;
    mark = payload;
  });
  replayer.on("event-cast", soon);
  replayer.on("resize", soon);
}
