import type { ControlMessage } from "@/lib/contract";
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
    case "hover": {
      pointer.move(message.x, message.y);
      const point = pointAt(message.x, message.y);
      if (point && !maskedThroughFrames(point.target, maskSelector)) hover(point.target, point.x, point.y);
      return;
    }
    case "drag":
      pointer.move(message.x, message.y, message.phase === "start");
      drag(message.phase, message.x, message.y, maskSelector);
      return;
    case "click": {
      // Any element is a target (an SVG icon, MathML); a text node's is its parent.
      const node = nodeOf(message.id);
      let element = node?.nodeType === Node.ELEMENT_NODE ? (node as Element) : (node?.parentElement ?? null);
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
      return;
    }
    case "type":
      if (message.composition) composeText(message.text, maskSelector);
      else if (message.paste) pasteText(message.text, maskSelector);
      else typeText(message.text, maskSelector);
      return;
    case "key":
      pressKey(message, maskSelector);
      return;
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
      if (!chooseOptions(field, message.value)) return;
      field.focus({ preventScroll: true });
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
