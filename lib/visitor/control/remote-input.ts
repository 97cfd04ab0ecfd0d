/**
 * The agent's mouse, played on the visitor's page the way a person's would be: widgets built on pointer
 * and mouse events (menus that open on pointerdown, date pickers, drag handles) react to it as to a hand.
 * Events are synthetic (untrusted): the browser still runs their default actions (a link's navigation, a
 * checkbox's toggle, a form's submit), but never grants them a user activation.
 */
import { closestThroughShadows, deepActiveElement, flatAncestors, flatParent } from "@/lib/dom/shadow";
import { extendCaret, placeCaret } from "./caret";
import { localPoint, maskedThroughFrames, pointAt } from "../frames/frame-point";
import { startNativeDrag, type NativeDrag } from "./native-drag";
import { dragRange, rangeInput } from "./native-inputs";

const FOCUSABLE = "a[href],area[href],button,input,select,textarea,summary,iframe,[tabindex],[contenteditable]:not([contenteditable=false])";

/** The element the pointer was last over, for pointerout/pointerleave when it moves to another. */
let hovered: Element | null = null;
let hoveredAt: [number, number] = [NaN, NaN];

/** Which button a click uses, how many clicks of a quick series it is, and the modifier keys held. */
export interface ClickOptions {
  button?: "left" | "middle" | "right";
  count?: number;
  ctrlKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** MouseEvent.button and the `buttons` bit of each button. */
const BUTTONS = { left: [0, 1], middle: [1, 4], right: [2, 2] } as const;

let modifiers: Pick<ClickOptions, "ctrlKey" | "shiftKey" | "altKey" | "metaKey"> = {};

function mouseInit(x: number, y: number, buttons: number, detail = 0, button = 0): MouseEventInit {
  return {
    ...modifiers,
    bubbles: true,
    cancelable: true,
    composed: true,
    view: window,
    clientX: x,
    clientY: y,
    screenX: window.screenX + x,
    screenY: window.screenY + y,
    button,
    buttons,
    detail,
  };
}

function pointerInit(x: number, y: number, buttons: number, detail = 0, button = 0): PointerEventInit {
  return { ...mouseInit(x, y, buttons, detail, button), pointerId: 1, pointerType: "mouse", isPrimary: true, width: 1, height: 1, pressure: buttons ? 0.5 : 0 };
}

/**
 * Dispatches `type` as a PointerEvent or MouseEvent of the target's window (a frame's page checks its
 * own classes); returns false when a listener cancelled it.
 */
function fire(target: Element, type: string, init: MouseEventInit): boolean {
  const view = (target.ownerDocument.defaultView ?? window) as typeof window;
  const pointerLike = type.startsWith("pointer") || type === "click" || type === "auxclick" || type === "contextmenu";
  return target.dispatchEvent(pointerLike ? new view.PointerEvent(type, { ...init, view }) : new view.MouseEvent(type, { ...init, view }));
}

/** Moves the pointer onto `target` at (x, y): out/leave on the previous element, over/enter, then move. */
export function hover(target: Element, x: number, y: number, buttons = 0): void {
  const previous = hovered && hovered.isConnected ? hovered : null;
  // A pointer that has not moved fires nothing (a click where the agent's mouse already is).
  if (previous === target && x === hoveredAt[0] && y === hoveredAt[1] && buttons === 0) return;
  hoveredAt = [x, y];
  if (previous !== target) {
    // The non-bubbling enter/leave events go to each element entered or left (through shadow roots).
    const before = flatAncestors(previous);
    const after = flatAncestors(target);
    const left = before.filter((element) => !after.includes(element));
    const entered = after.filter((element) => !before.includes(element));
    if (previous) {
      fire(previous, "pointerout", pointerInit(x, y, 0));
      left.forEach((element) => fire(element, "pointerleave", { ...pointerInit(x, y, 0), bubbles: false, cancelable: false }));
      fire(previous, "mouseout", mouseInit(x, y, 0));
      left.forEach((element) => fire(element, "mouseleave", { ...mouseInit(x, y, 0), bubbles: false, cancelable: false }));
    }
    fire(target, "pointerover", pointerInit(x, y, 0));
    entered.reverse().forEach((element) => fire(element, "pointerenter", { ...pointerInit(x, y, 0), bubbles: false, cancelable: false }));
    fire(target, "mouseover", mouseInit(x, y, 0));
    entered.forEach((element) => fire(element, "mouseenter", { ...mouseInit(x, y, 0), bubbles: false, cancelable: false }));
    hovered = target;
  }
  fire(target, "pointermove", pointerInit(x, y, buttons));
  fire(target, "mousemove", mouseInit(x, y, buttons));
}

/** mousedown's default action: focus goes to the focusable element pressed (an SVG one too, one in a shadow root), else leaves. */
function focusPressed(target: Element) {
  if (!target.isConnected) return;
  const focusable = closestThroughShadows<HTMLElement | SVGElement>(target, FOCUSABLE);
  if (focusable) focusable.focus({ preventScroll: true });
  else (deepActiveElement(target.ownerDocument) as HTMLElement | null)?.blur?.();
}

/**
 * A click at (x, y) on `target` (any element: SVG and MathML too), in a browser's order: hover,
 * pointerdown, mousedown, focus (mousedown's default action), pointerup, mouseup, click, and dblclick
 * for the second of a series. The right button opens the context menu (contextmenu after mousedown)
 * and, like the middle one, ends with auxclick instead of click. A cancelled pointerdown suppresses the
 * mouse events (as in browsers); a cancelled mousedown keeps focus where it was.
 */
export function click(target: Element, x: number, y: number, options: ClickOptions = {}): void {
  const { button = "left", count = 1, ...held } = options;
  const [code, bit] = BUTTONS[button];
  modifiers = held;
  try {
    hover(target, x, y);
    const mouseEvents = fire(target, "pointerdown", pointerInit(x, y, bit, count, code));
    const focusing = !mouseEvents || fire(target, "mousedown", mouseInit(x, y, bit, count, code));
    if (focusing) focusPressed(target);
    if (focusing && button === "left") placeCaret(target, x, y, !!held.shiftKey, count);
    if (button === "right") fire(target, "contextmenu", pointerInit(x, y, bit, 0, code));
    fire(target, "pointerup", pointerInit(x, y, 0, count, code));
    if (mouseEvents) fire(target, "mouseup", mouseInit(x, y, 0, count, code));
    if (button !== "left") return void fire(target, "auxclick", pointerInit(x, y, 0, count, code));
    fire(target, "click", pointerInit(x, y, 0, count));
    if (count === 2) fire(target, "dblclick", mouseInit(x, y, 0, 2));
  } finally {
    modifiers = {};
  }
}

/**
 * The press a drag started with, until it is released: where (in its document's viewport), whether the
 * page let mousedown's default run (then the drag selects text, or drags a draggable element), and the
 * browser's drag and drop once the first move started one (undefined until then).
 */
let pressed: { target: Element; x: number; y: number; selecting: boolean; native?: NativeDrag | null } | null = null;

/**
 * One step of a drag with the left button, on whatever is under the pointer at each step (inside
 * same-origin frames too): press (pointerdown, mousedown, focus, the caret), moves with the button held
 * (selecting text from the press), release. A drag from a `draggable` element is the browser's drag and
 * drop instead (native-drag.ts). A drag is never a click: no click fires where it ends. A drag that
 * starts on a masked element is refused whole, and no step is played on a masked element.
 */
export function drag(phase: "start" | "move" | "end", pageX: number, pageY: number, maskSelector: string): void {
  const point = pointAt(pageX, pageY);
  const usable = point && !maskedThroughFrames(point.target, maskSelector) ? point.target : null;
  const [x, y] = point ? [point.x, point.y] : [pageX, pageY];
  if (phase === "start") {
    pressed = null;
    if (!usable) return;
    hover(usable, x, y);
    const mouseEvents = fire(usable, "pointerdown", pointerInit(x, y, 1, 1));
    const selecting = !mouseEvents || fire(usable, "mousedown", mouseInit(x, y, 1, 1));
    if (selecting) {
      focusPressed(usable);
      placeCaret(usable, x, y, false);
    }
    pressed = { target: usable, x, y, selecting };
    // A range's thumb is the browser's own: it follows the pointer here, wherever the pointer goes.
    dragRange("start", rangeInput(usable), x);
    return;
  }
  const press = pressed;
  if (press) dragRange(phase, null, x);
  if (!press) return;
  if (phase === "move" && press.native === undefined) press.native = press.selecting ? startNativeDrag(press.target, press.x, press.y) : null;
  if (press.native) {
    if (phase === "end") pressed = null;
    if (phase === "end") press.native.end(usable, x, y);
    else if (usable) press.native.over(usable, x, y);
    return;
  }
  if (!usable) {
    if (phase === "end") pressed = null;
    return;
  }
  if (phase === "move") {
    hover(usable, x, y, 1);
    if (press.selecting) extendCaret(press.target.ownerDocument, ...localPoint(press.target, pageX, pageY));
    return;
  }
  pressed = null;
  fire(usable, "pointerup", pointerInit(x, y, 0, 1));
  fire(usable, "mouseup", mouseInit(x, y, 0, 1));
}

/** A browser's legacy `wheelDelta` is 120 for a notch of 100 pixels, of the opposite sign. */
const WHEEL_DELTA_PER_PIXEL = 1.2;

function scrollsAlong(element: Element, dx: number, dy: number): boolean {
  const style = element.ownerDocument.defaultView!.getComputedStyle(element);
  const can = (overflow: string, delta: number, position: number, room: number) =>
    delta !== 0 && /(auto|scroll|overlay)/.test(overflow) && room > 0 && (delta > 0 ? position < room - 0.5 : position > 0.5);
  return (
    can(style.overflowY, dy, element.scrollTop, element.scrollHeight - element.clientHeight) ||
    can(style.overflowX, dx, element.scrollLeft, element.scrollWidth - element.clientWidth)
  );
}

/** A frame's page can still scroll that way (the top page's window always takes what is left). */
function pageScrollsAlong(doc: Document, dx: number, dy: number): boolean {
  const root = doc.scrollingElement;
  if (!root) return false;
  const can = (delta: number, position: number, room: number) => delta !== 0 && room > 0 && (delta > 0 ? position < room - 0.5 : position > 0.5);
  return can(dy, root.scrollTop, root.scrollHeight - root.clientHeight) || can(dx, root.scrollLeft, root.scrollWidth - root.clientWidth);
}

/**
 * A wheel turned at (x, y): the page's wheel listeners see it first (and may cancel it, as maps do);
 * then the innermost element under the pointer that can still scroll that way scrolls (a pane in a
 * shadow root too, found along the page as it is drawn), else its
 * frame's page, else the window, as a browser chains a wheel. A masked pane is not scrolled: the agent
 * cannot see what it shows.
 */
export function wheel(pageX: number, pageY: number, dx: number, dy: number, maskSelector: string): void {
  const point = pointAt(pageX, pageY);
  if (!point) return void window.scrollBy(dx, dy);
  const { target, x, y } = point;
  if (maskedThroughFrames(target, maskSelector)) return;
  hover(target, x, y);
  const view = (target.ownerDocument.defaultView ?? window) as typeof window;
  // The legacy fields as a browser sets them (a terminal or a chart reads `wheelDelta`): a script's
  // WheelEvent would give them the sign of `deltaY`, the reverse of a real wheel's.
  const legacy = { wheelDeltaX: Math.round(-dx * WHEEL_DELTA_PER_PIXEL), wheelDeltaY: Math.round(-dy * WHEEL_DELTA_PER_PIXEL) };
  const event = new view.WheelEvent("wheel", { ...mouseInit(x, y, 0), view, deltaX: dx, deltaY: dy, deltaMode: WheelEvent.DOM_DELTA_PIXEL, ...legacy });
  if (!target.dispatchEvent(event)) return;
  const doc = target.ownerDocument;
  for (let element: Element | null = target; element && element !== doc.documentElement && element !== doc.body; element = flatParent(element)) {
    if (scrollsAlong(element, dx, dy)) return void element.scrollBy({ left: dx, top: dy, behavior: "instant" });
  }
  if (view !== window && pageScrollsAlong(doc, dx, dy)) return void view.scrollBy({ left: dx, top: dy, behavior: "instant" });
  window.scrollBy({ left: dx, top: dy, behavior: "instant" });
}
