import type { ControlMessage, Tool } from "@/lib/contract";
import type { Drawing } from "./drawing";
import { flatAncestors } from "@/lib/dom/shadow";
import { crossOriginFrame } from "../frames/frame-control";
import { contentOrigin, frameDocument, localPoint, maskedThroughFrames, pointAt } from "../frames/frame-point";
import { isMasked } from "../recorder/masking";
import type { createPointer } from "./pointer";
import { composeText, focusChain, pasteText, pressKey, typeText } from "./keyboard";
import { click, drag, hover, wheel } from "./remote-input";
import { chooseOptions } from "./select-options";

type Pointer = ReturnType<typeof createPointer>;

/** What the agents' tools act on besides the page itself. */
export interface ControlTargets {
  nodeOf: (id: number) => Node | null;
  maskSelector: string;
  pointer: Pointer;
  drawing: Drawing;
  /** Passes the agent's input into a joined cross-origin frame (its point in the frame's viewport); false when it did not join. */
  intoFrame?: (iframe: HTMLIFrameElement, message: ControlMessage) => boolean;
}

/** Each kind of control message, by its tool. */
type MessageOf = { [K in Tool]: Extract<ControlMessage, { tool: K }> };

/**
 * One handler for each kind of control message. Typed by the contract's union: a kind the contract
 * gains without a handler here fails the type check.
 */
export type ControlHandlers = { [K in Tool]: (message: MessageOf[K], targets: ControlTargets) => void };

/**
 * Passes `message` into the cross-origin frame `element` is, if it is one, with (x, y) of the frame's
 * parent's viewport moved into the frame's; true when it went there.
 */
function passedIntoFrame(element: Element | null | undefined, message: ControlMessage, x: number, y: number, targets: ControlTargets): boolean {
  const frame = crossOriginFrame(element);
  if (!frame || !targets.intoFrame || maskedThroughFrames(frame, targets.maskSelector)) return false;
  const [left, top] = contentOrigin(frame);
  return targets.intoFrame(frame, { ...message, x: x - left, y: y - top } as ControlMessage);
}

/** Keys go into a cross-origin frame when it holds the focus. */
function keysIntoFrame(message: ControlMessage, targets: ControlTargets): boolean {
  const frame = crossOriginFrame(focusChain().at(-1));
  return !!frame && !!targets.intoFrame && !maskedThroughFrames(frame, targets.maskSelector) && targets.intoFrame(frame, message);
}

/**
 * What a click on `element` at (x, y) reaches: what is at the point inside it when the mirror shows more
 * there, the page of a same-origin frame or the inside of a web component's shadow root.
 */
function shownInside(element: Element, x: number, y: number): Element {
  const inner = element.shadowRoot || frameDocument(element) ? pointAt(x, y)?.target : null;
  if (!inner || inner === element) return element;
  const inFrame = inner.ownerDocument !== element.ownerDocument;
  return inFrame || flatAncestors(inner).includes(element) ? inner : element;
}

/** A node's element: itself, or a text node's parent. */
const elementOf = (node: Node | null): Element | null => (node?.nodeType === Node.ELEMENT_NODE ? (node as Element) : (node?.parentElement ?? null));

export const controlHandlers: ControlHandlers = {
  pointer: ({ x, y }, { pointer }) => pointer.move(x, y),
  scroll: (message, targets) => {
    const { x, y, dx, dy } = message;
    if (x === undefined || y === undefined) return window.scrollBy(dx, dy);
    const point = pointAt(x, y);
    if (!passedIntoFrame(point?.target, message, point?.x ?? x, point?.y ?? y, targets)) wheel(x, y, dx, dy, targets.maskSelector);
  },
  hover: (message, targets) => {
    const { x, y } = message;
    targets.pointer.move(x, y);
    const point = pointAt(x, y);
    if (!point || passedIntoFrame(point.target, message, point.x, point.y, targets)) return;
    if (!maskedThroughFrames(point.target, targets.maskSelector)) hover(point.target, point.x, point.y);
  },
  drag: (message, targets) => {
    const { phase, x, y } = message;
    targets.pointer.move(x, y, phase === "start");
    const point = pointAt(x, y);
    if (!passedIntoFrame(point?.target, message, point?.x ?? x, point?.y ?? y, targets)) drag(phase, x, y, targets.maskSelector);
  },
  click: (message, targets) => {
    const { nodeOf, maskSelector, pointer } = targets;
    const at = message.x !== undefined && message.y !== undefined ? { x: message.x, y: message.y } : null;
    // Any element is a target (an SVG icon, MathML); a text node's is its parent. Id 0: what is at the point.
    let element = message.id === 0 && at ? (pointAt(at.x, at.y)?.target ?? null) : elementOf(nodeOf(message.id));
    if (!element || !element.isConnected) return;
    if (at) element = shownInside(element, at.x, at.y);
    if (at && passedIntoFrame(element, { ...message, id: 0 }, ...localPoint(element, at.x, at.y), targets)) return pointer.move(at.x, at.y, true);
    if (maskedThroughFrames(element, maskSelector)) return;
    // A file is the visitor's to choose: the watch page tells the agent so.
    if (element.localName === "input" && (element as HTMLInputElement).type === "file") return;
    const box = element.getBoundingClientRect();
    const [x, y] =
      message.x !== undefined && message.y !== undefined ? localPoint(element, message.x, message.y) : [box.left + box.width / 2, box.top + box.height / 2];
    pointer.move(message.x ?? x, message.y ?? y, true);
    const { button, count, ctrlKey, shiftKey, altKey, metaKey } = message;
    click(element, x, y, { button, count, ctrlKey, shiftKey, altKey, metaKey });
  },
  type: (message, targets) => {
    const { text, composition, paste } = message;
    if (keysIntoFrame(message, targets)) return;
    if (composition) composeText(text, targets.maskSelector);
    else if (paste) pasteText(text, targets.maskSelector);
    else typeText(text, targets.maskSelector);
  },
  key: (message, targets) => {
    if (!keysIntoFrame(message, targets)) pressKey(message, targets.maskSelector);
  },
  draw: ({ points }, { drawing }) => drawing.stroke(points),
  clear: (_, { drawing }) => drawing.clear(),
  navigate: ({ url }) => {
    // The service accepts only http(s) URLs; checked again here, so no javascript: URL ever runs.
    if (/^https?:\/\//i.test(url)) location.assign(url);
  },
  reload: () => location.reload(),
  // For the page's listeners: cobrowse.js hands it to them before the recorder.
  message: () => {},
  select: ({ id, value }, { nodeOf, maskSelector }) => {
    const field = nodeOf(id);
    if (!(field instanceof HTMLSelectElement) || field.disabled || isMasked(field, maskSelector)) return;
    if (!chooseOptions(field, value)) return;
    field.focus({ preventScroll: true });
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  },
  highlight: ({ id, outline }, { nodeOf, maskSelector, pointer, drawing }) => {
    const node = nodeOf(id);
    const element = node instanceof Element ? node : (node?.parentElement ?? null);
    if (!element || isMasked(element, maskSelector)) return;
    const { left, top, right, bottom } = element.getBoundingClientRect();
    pointer.move((left + right) / 2, (top + bottom) / 2);
    if (outline)
      drawing.stroke([
        [left - 4, top - 4],
        [right + 4, top - 4],
        [right + 4, bottom + 4],
        [left - 4, bottom + 4],
        [left - 4, top - 4],
      ]);
  },
};

/** The handler of the message's own kind (generic, so the message and its handler stay of one kind). */
function dispatch<K extends Tool>(tool: K, message: MessageOf[K], targets: ControlTargets): void {
  controlHandlers[tool](message, targets);
}

/**
 * Applies an agent's tool to the visitor's page. The service already checked the session's
 * permissions; this side refuses anything aimed at a masked element, so an agent can never click or
 * type into what it cannot see.
 */
export function applyControl(message: ControlMessage, targets: ControlTargets): void {
  dispatch(message.tool, message, targets);
}
