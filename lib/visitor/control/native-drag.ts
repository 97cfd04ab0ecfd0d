/**
 * The browser's own drag and drop (HTML5), which a script's mouse events never start: a drag from a
 * `draggable` element plays dragstart on it, dragenter/dragleave/dragover on what the pointer passes,
 * drop where it is released if the element under it accepted the drag (cancelled dragover), then
 * dragend, all sharing one DataTransfer. As in a browser, the pointer is cancelled when the drag starts
 * and no mouse event follows until it ends: sortable lists built on it reorder as for a hand.
 */

export interface NativeDrag {
  over: (target: Element, x: number, y: number) => void;
  /** Released over `target` (null: over nothing the agent may touch). */
  end: (target: Element | null, x: number, y: number) => void;
}

function fireDrag(target: Element, type: string, x: number, y: number, dataTransfer: DataTransfer, cancelable = true): boolean {
  const view = (target.ownerDocument.defaultView ?? window) as typeof window;
  const init: DragEventInit = { bubbles: true, cancelable, composed: true, view, clientX: x, clientY: y, buttons: 1, dataTransfer };
  return target.dispatchEvent(new view.DragEvent(type, init));
}

/** Starts a drag from the draggable element holding `pressed`, pressed at (x, y); null when there is none or the page refused it. */
export function startNativeDrag(pressed: Element, x: number, y: number): NativeDrag | null {
  const source = pressed.closest('[draggable="true"]');
  if (!source) return null;
  const dataTransfer = new DataTransfer();
  dataTransfer.effectAllowed = "all";
  const view = (source.ownerDocument.defaultView ?? window) as typeof window;
  pressed.dispatchEvent(
    new view.PointerEvent("pointercancel", { bubbles: true, composed: true, pointerId: 1, pointerType: "mouse", isPrimary: true, clientX: x, clientY: y }),
  );
  if (!fireDrag(source, "dragstart", x, y, dataTransfer)) return null;
  let current: Element | null = null;
  let accepted = false;
  return {
    over(target, x, y) {
      if (target !== current) {
        fireDrag(target, "dragenter", x, y, dataTransfer);
        if (current) fireDrag(current, "dragleave", x, y, dataTransfer, false);
        current = target;
      }
      // A cancelled dragover is the page saying it takes a drop here.
      accepted = !fireDrag(target, "dragover", x, y, dataTransfer);
    },
    end(target, x, y) {
      if (target && target !== current) this.over(target, x, y);
      if (target && accepted) fireDrag(target, "drop", x, y, dataTransfer);
      else if (current) fireDrag(current, "dragleave", x, y, dataTransfer, false);
      if (!accepted) dataTransfer.dropEffect = "none";
      fireDrag(source, "dragend", x, y, dataTransfer, false);
    },
  };
}
