"use client";

import { useRef, useState, type HTMLAttributes, type RefObject } from "react";
import type { ControlMessage, Tool } from "@/lib/contract";
import type { Mirror } from "../replay/use-replayer";
import { createDrag, createMoves } from "./gestures";
import {
  clickCount,
  clickMessage,
  compositionMessage,
  FILE_NOTICE,
  keyAction,
  pasteMessage,
  rightClickMessage,
  visitorPoint,
  wheelMessage,
} from "./input-messages";
import type { ToolMode } from "./tool-mode";
import type { useDrawing } from "./use-drawing";

/** The overlay's handlers: everything the agent does over the mirror. */
export type ControlInputHandlers = Required<
  Pick<
    HTMLAttributes<HTMLDivElement>,
    | "onMouseDown"
    | "onMouseMove"
    | "onMouseUp"
    | "onMouseLeave"
    | "onClick"
    | "onContextMenu"
    | "onWheel"
    | "onKeyDown"
    | "onPaste"
    | "onCompositionEnd"
    | "onInput"
  >
>;

interface Options {
  mode: ToolMode;
  /** The link allows the tool and the session is live. */
  allowed: (tool: Tool) => boolean;
  /** The mirror's scale on the watch page. */
  scale: number;
  send: (message: ControlMessage) => void;
  mirror: Mirror;
  drawing: Pick<ReturnType<typeof useDrawing>, "start" | "extend" | "end">;
  /** The visitor's lists, opened in the watch page's picker. */
  lists: { open: (list: HTMLSelectElement) => void; focusedList: () => HTMLSelectElement | null };
  onNotice: (notice: string | null) => void;
  /** Where focus goes when the agent leaves the mirror with LEAVE_KEYS. */
  leaveTarget: RefObject<HTMLElement | null>;
}

/**
 * The agent's mouse and keyboard over the mirror, as the tool mode makes them: control (click, drag,
 * scroll, type on the visitor's page, by the rrweb ids of what the mirror shows), draw, or point.
 */
export function useControlInput({ mode, allowed, scale, send, mirror, drawing, lists, onNotice, leaveTarget }: Options): ControlInputHandlers {
  const [moves] = useState(() => createMoves(send));
  const [drag] = useState(() => createDrag(send));
  /** The browser clicks where a press and release meet: after a drag, the drag already did all the page gets. */
  const suppressClick = useRef(false);
  const control = mode === "control";
  const pointOf = (event: React.MouseEvent) => visitorPoint(event, event.currentTarget.getBoundingClientRect(), scale);
  const sendSome = (message: ControlMessage | null) => message && send(message);
  const focusOverlay = (event: React.SyntheticEvent) => event.currentTarget instanceof HTMLElement && event.currentTarget.focus();

  const release = (event: React.MouseEvent) => {
    drawing.end();
    if (drag.release(pointOf(event))) suppressClick.current = event.type === "mouseup";
  };

  return {
    onMouseDown(event) {
      if (mode === "draw" && allowed("draw") && event.button === 0) drawing.start(pointOf(event));
      if (!control) return;
      moves.flush();
      // No selection or native drag in the watch page: a press and its moves belong to the visitor's page.
      event.preventDefault();
      focusOverlay(event);
      if (allowed("drag") && event.button === 0) drag.press(pointOf(event));
    },
    onMouseMove(event) {
      const point = pointOf(event);
      if (mode === "draw") return drawing.extend(point);
      if (control && drag.move(point, scale)) return;
      const hovering = control && allowed("hover");
      if (hovering || allowed("pointer")) moves.move({ tool: hovering ? "hover" : "pointer", ...point });
    },
    onMouseUp: release,
    onMouseLeave: release,
    onClick(event) {
      focusOverlay(event);
      if (suppressClick.current) return void (suppressClick.current = false);
      if (!control || !allowed("click")) return;
      const point = pointOf(event);
      const { id, target } = mirror.at(point);
      onNotice(null);
      if (target?.localName === "input" && (target as HTMLInputElement).type === "file") return onNotice(FILE_NOTICE);
      const count = clickCount(event.detail);
      sendSome(clickMessage(id, point, count, event));
      const list = target?.closest("select");
      if (list && count === 1) lists.open(list);
    },
    onContextMenu(event) {
      if (!control || !allowed("click")) return;
      event.preventDefault();
      const point = pointOf(event);
      sendSome(rightClickMessage(mirror.at(point).id, point, event));
    },
    onWheel(event) {
      if (control && allowed("scroll")) send(wheelMessage(event, pointOf(event)));
    },
    onKeyDown(event) {
      if (!control || !allowed("type")) return;
      const list = lists.focusedList();
      const key = keyAction(event, list !== null);
      if (key.action === "none") return;
      if (key.action === "leave") return (event.preventDefault(), leaveTarget.current?.focus());
      if (key.action === "open-list") return (event.preventDefault(), lists.open(list!));
      // Ctrl/Cmd+V goes on to the browser, which pastes: onPaste sends the text as one insertion.
      if (!key.keepDefault) event.preventDefault();
      send(key.message);
    },
    onPaste(event) {
      if (!control || !allowed("type")) return;
      event.preventDefault();
      sendSome(pasteMessage(event.clipboardData.getData("text/plain")));
    },
    onCompositionEnd(event) {
      event.currentTarget.textContent = "";
      if (control && allowed("type")) sendSome(compositionMessage(event.data));
    },
    // The overlay is editable only so that input methods work on it: it keeps no text of its own.
    onInput(event) {
      if (!(event.nativeEvent as InputEvent).isComposing) event.currentTarget.textContent = "";
    },
  };
}
