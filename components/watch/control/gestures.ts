/**
 * The agent's mouse gestures that span several events, turned into control messages at a pace the
 * visitor's page can follow: moves (pointer or hover), a press that becomes a drag, a stroke drawn.
 */
import type { ControlMessage } from "@/lib/contract";
import type { Point } from "./input-messages";

type Send = (message: ControlMessage) => void;
type MoveMessage = Extract<ControlMessage, { tool: "pointer" | "hover" }>;

export const POINTER_EVERY_MS = 50;
export const DRAG_EVERY_MS = 30;
/** How far (px of the watch page) the mouse moves with the button held before a press is a drag, not a click. */
export const DRAG_THRESHOLD = 4;
export const STROKE_FLUSH_MS = 50;

/** The mouse's moves: at most one per POINTER_EVERY_MS, and always the last one: where the mouse stops is where it is. */
export function createMoves(send: Send) {
  let waiting: MoveMessage | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = 0;
  const sendWaiting = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting) send(waiting);
    waiting = null;
  };
  return {
    move(message: MoveMessage) {
      waiting = message;
      if (timer) return;
      const due = () => {
        sendWaiting();
        last = Date.now();
      };
      const wait = POINTER_EVERY_MS - (Date.now() - last);
      if (wait <= 0) due();
      else timer = setTimeout(due, wait);
    },
    /** A move still waiting goes now: before a press, so the page sees the mouse arrive first. */
    flush: sendWaiting,
  };
}

/** The control mode's press: a click unless the mouse moves past DRAG_THRESHOLD, then a drag. */
export function createDrag(send: Send) {
  let press: (Point & { dragging: boolean; lastMove: number }) | null = null;
  return {
    press(point: Point) {
      press = { ...point, dragging: false, lastMove: 0 };
    },
    /** A move with the button held; false when no press is under way (the move is the pointer's). */
    move(point: Point, scale: number): boolean {
      if (!press) return false;
      if (!press.dragging) {
        if (Math.hypot(point.x - press.x, point.y - press.y) * scale < DRAG_THRESHOLD) return true;
        press.dragging = true;
        send({ tool: "drag", phase: "start", x: press.x, y: press.y });
      }
      if (Date.now() - press.lastMove < DRAG_EVERY_MS) return true;
      press.lastMove = Date.now();
      send({ tool: "drag", phase: "move", ...point });
      return true;
    },
    /** The button is released (or the mouse left the mirror); true when that ended a drag. */
    release(point: Point): boolean {
      const ended = press;
      press = null;
      if (!ended?.dragging) return false;
      send({ tool: "drag", phase: "end", ...point });
      return true;
    },
  };
}

type StrokePoint = [number, number];

/** The stroke being drawn, sent in pieces: points not sent yet start with the last one sent, so pieces join up. */
export function createStroke(send: Send) {
  let stroke: { pending: StrokePoint[]; timer?: ReturnType<typeof setTimeout> } | null = null;
  const flush = () => {
    if (!stroke) return;
    clearTimeout(stroke.timer);
    stroke.timer = undefined;
    if (stroke.pending.length > 1) send({ tool: "draw", points: stroke.pending });
    stroke.pending = stroke.pending.slice(-1);
  };
  return {
    start({ x, y }: Point) {
      stroke = { pending: [[x, y]] };
    },
    /** A point more of the stroke; false when no stroke is being drawn. */
    extend({ x, y }: Point): boolean {
      if (!stroke) return false;
      stroke.pending.push([x, y]);
      stroke.timer ??= setTimeout(flush, STROKE_FLUSH_MS);
      return true;
    },
    end() {
      flush();
      stroke = null;
    },
  };
}
