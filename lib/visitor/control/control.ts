import type { ControlMessage, Tool } from "@/lib/contract";
import type { Drawing } from "./drawing";
import { frameDocument, localPoint, maskedThroughFrames, pointAt } from "../frames/frame-point";
import { isMasked } from "../recorder/masking";
import type { createPointer } from "./pointer";
import { composeText, pasteText, pressKey, typeText } from "./keyboard";
import { click, drag, hover, wheel } from "./remote-input";
import { chooseOptions } from "./select-options";

type Pointer = ReturnType<typeof createPointer>;

/** What the agents' tools act on besides the page itself. */
export interface ControlTargets {
  nodeOf: (id: number) => Node | null;
  maskSelector: string;
  pointer: Pointer;
  drawing: Drawing;
}

/** Each kind of control message, by its tool. */
type MessageOf = { [K in Tool]: Extract<ControlMessage, { tool: K }> };

/**
 * One handler for each kind of control message. Typed by the contract's union: a kind the contract
 * gains without a handler here fails the type check.
 */
export type ControlHandlers = { [K in Tool]: (message: MessageOf[K], targets: ControlTargets) => void };

/** A node's element: itself, or a text node's parent. */
const elementOf = (node: Node | null): Element | null => (node?.nodeType === Node.ELEMENT_NODE ? (node as Element) : (node?.parentElement ?? null));

export const controlHandlers: ControlHandlers = {
  pointer: ({ x, y }, { pointer }) => pointer.move(x, y),
  scroll: ({ x, y, dx, dy }, { maskSelector }) => {
    if (x === undefined || y === undefined) window.scrollBy(dx, dy);
    else wheel(x, y, dx, dy, maskSelector);
  },
  hover: ({ x, y }, { pointer, maskSelector }) => {
    pointer.move(x, y);
    const point = pointAt(x, y);
    if (point && !maskedThroughFrames(point.target, maskSelector)) hover(point.target, point.x, point.y);
  },
  drag: ({ phase, x, y }, { pointer, maskSelector }) => {
    pointer.move(x, y, phase === "start");
    drag(phase, x, y, maskSelector);
  },
  click: (message, { nodeOf, maskSelector, pointer }) => {
    // Any element is a target (an SVG icon, MathML); a text node's is its parent.
    let element = elementOf(nodeOf(message.id));
    if (!element || !element.isConnected) return;
    // The mirror shows a same-origin frame's page inside it: the click goes to what is at the point there.
    const inner = frameDocument(element) && message.x !== undefined && message.y !== undefined ? pointAt(message.x, message.y) : null;
    if (inner && inner.target.ownerDocument !== element.ownerDocument) element = inner.target;
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
  type: ({ text, composition, paste }, { maskSelector }) => {
    if (composition) composeText(text, maskSelector);
    else if (paste) pasteText(text, maskSelector);
    else typeText(text, maskSelector);
  },
  key: (message, { maskSelector }) => pressKey(message, maskSelector),
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
