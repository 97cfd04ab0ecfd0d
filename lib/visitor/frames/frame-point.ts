/**
 * The agent's coordinates are the top page's viewport pixels. A point over a same-origin frame is
 * inside that frame's page (an editor's iframe): these follow it in, as a person's mouse would, and
 * give the frame's own coordinates, and into open shadow roots. A cross-origin frame's element is the
 * target here: its own script takes the input from there (frame-control.ts).
 */
import { deepElementFromPoint } from "@/lib/dom/shadow";
import { isMasked } from "../recorder/masking";

/** The frame's document, when this page may reach into it. */
export function frameDocument(element: Element | null): Document | null {
  if (!element || (element.localName !== "iframe" && element.localName !== "frame")) return null;
  try {
    return (element as HTMLIFrameElement).contentDocument;
  } catch {
    return null;
  }
}

/** Where the frame's viewport starts in its parent's: inside its border and padding. */
export function contentOrigin(frame: Element): [number, number] {
  const box = frame.getBoundingClientRect();
  const style = frame.ownerDocument.defaultView!.getComputedStyle(frame);
  return [box.left + frame.clientLeft + parseFloat(style.paddingLeft), box.top + frame.clientTop + parseFloat(style.paddingTop)];
}

/** The innermost element at (x, y), through same-origin frames and open shadow roots, and the point in its document's viewport. */
export function pointAt(x: number, y: number): { target: Element; x: number; y: number } | null {
  let target = deepElementFromPoint(document, x, y);
  for (let inner = frameDocument(target); target && inner; inner = frameDocument(target)) {
    const [left, top] = contentOrigin(target);
    const found = deepElementFromPoint(inner, x - left, y - top);
    if (!found) break;
    [target, x, y] = [found, x - left, y - top];
  }
  return target ? { target, x, y } : null;
}

/** (x, y) of the top page's viewport in the viewport of the document holding `node`. */
export function localPoint(node: Node, x: number, y: number): [number, number] {
  for (let frame = node.ownerDocument?.defaultView?.frameElement ?? null; frame; frame = frame.ownerDocument.defaultView?.frameElement ?? null) {
    const [left, top] = contentOrigin(frame);
    [x, y] = [x - left, y - top];
  }
  return [x, y];
}

/** `element` or a frame holding it is masked: a masked frame masks all it holds. */
export function maskedThroughFrames(element: Element, maskSelector: string): boolean {
  if (isMasked(element, maskSelector)) return true;
  for (let frame = element.ownerDocument.defaultView?.frameElement ?? null; frame; frame = frame.ownerDocument.defaultView?.frameElement ?? null)
    if (isMasked(frame, maskSelector)) return true;
  return false;
}
