"use client";

import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { Replayer } from "rrweb";
import "rrweb/dist/style.css";
import type { ControlMessage, RecordedEvent, Tool } from "@/lib/contract";
import { withoutReferrerPolicies } from "./referrer-guard";
import { FocusMarksLayer } from "./focus-marks-layer";
import { drawCanvasImages, REPLAY_STYLE_RULES, showSelectedOptions } from "./replay-fidelity";
import { optionsOf, type ChoiceOption } from "./select-choice";
import { SelectPicker } from "./select-picker";
import { followVisitorFocus, type FocusMarks } from "./visitor-focus";

export interface ReplayHandle {
  add: (events: RecordedEvent[], reset: boolean) => void;
  /** Removes the drawings shown here (the caller tells the visitor's page). */
  clearDrawings: () => void;
}

/** What the agent's mouse does over the page: act on it, draw on it, or only point. */
export type ToolMode = "control" | "draw" | "pointer";

interface Props {
  tools: Tool[];
  mode: ToolMode;
  disabled: boolean;
  /** Sends a tool's message; a returned promise settles when it has been delivered (keys coalesce meanwhile). */
  onControl: (message: ControlMessage) => unknown;
}

type Point = [number, number];

const POINTER_EVERY_MS = 50;
const DRAG_EVERY_MS = 30;
/** How far (px) the mouse moves with the button held before a press is a drag, not a click. */
const DRAG_THRESHOLD = 4;
const STROKE_FLUSH_MS = 50;
/** Keys that only modify others: they travel as the modifiers of the key they modify. */
const MODIFIER_KEYS = ["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", "Fn", "OS"];
/** Leaves the mirror: the watch page keeps no other key for itself while the agent controls. */
export const LEAVE_KEYS = "Ctrl+Alt+Shift";

const round = (value: number) => Math.round(value * 10) / 10;

/** What the mirror shows but cannot act on: a file is the visitor's to choose; a masked list shows no options. */
const FILE_NOTICE = "A file can only be chosen by the visitor: ask them to choose it on their page.";
const MASKED_LIST_NOTICE = "This list is masked: its options are not shared.";

/** Keys that open a focused list, as on a person's keyboard. */
const opensList = (event: React.KeyboardEvent) =>
  event.key === " " || event.key === "Enter" || event.key === "F4" || (event.altKey && (event.key === "ArrowDown" || event.key === "ArrowUp"));

/**
 * rrweb animates each replayed scroll smoothly (about half a second), so the agent saw where the visitor
 * had been. Live, the mirror jumps to where the visitor is now, as rrweb already does when fast-forwarding.
 */
function followScrollAtOnce(replayer: Replayer) {
  const internals = replayer as unknown as { applyScroll: (data: unknown, isSync: boolean) => void };
  const applyScroll = internals.applyScroll.bind(replayer);
  internals.applyScroll = (data) => applyScroll(data, true);
}

const OVERLAY_LABELS: Record<ToolMode, string> = {
  control: `The visitor's page. Click, drag and scroll act on it; every key goes to it. ${LEAVE_KEYS} leaves it.`,
  draw: "The visitor's page. Drag to draw on it; the visitor sees the drawing.",
  pointer: "The visitor's page. Move the mouse to point; the visitor sees your pointer.",
};

/**
 * The visitor's page, replayed live with rrweb and scaled to fit. An overlay over it turns the agent's
 * mouse and keyboard into tools: pointer, click (on the replayed node, by its rrweb id), scroll, type.
 */
export const ReplayView = forwardRef<ReplayHandle, Props>(function ReplayView({ tools, mode, disabled, onControl }, ref) {
  const frame = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const replayer = useRef<Replayer | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [scale, setScale] = useState(1);
  const lastPointer = useRef(0);
  const pointerAt = useRef<Extract<ControlMessage, { tool: "pointer" | "hover" }> | null>(null);
  const pointerTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Messages leave one at a time; characters typed while one is on its way join into one message. */
  const outbox = useRef<{ pending: ControlMessage[]; busy: boolean }>({ pending: [], busy: false });
  /** The control mode's press: a click unless the mouse moves past DRAG_THRESHOLD, then a drag. */
  const press = useRef<{ x: number; y: number; dragging: boolean; lastMove: number } | null>(null);
  const suppressClick = useRef(false);
  const leaveTarget = useRef<HTMLParagraphElement>(null);
  /** The stroke being drawn: points not sent yet start with the last one sent, so pieces join up. */
  const stroke = useRef<{ pending: Point[]; timer?: ReturnType<typeof setTimeout> } | null>(null);
  const [strokes, setStrokes] = useState<Point[][]>([]);
  const [marks, setMarks] = useState<FocusMarks>({ id: null, focus: null, selection: [] });
  const [picker, setPicker] = useState<{ id: number; options: ChoiceOption[]; multiple: boolean; box: DOMRect } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const allowed = (tool: Tool) => !disabled && tools.includes(tool);

  useImperativeHandle(ref, () => ({
    add(events, reset) {
      if (!root.current) return;
      if (!replayer.current) {
        if (!reset) return;
        replayer.current = new Replayer([], {
          root: root.current,
          liveMode: true,
          mouseTail: false,
          triggerFocus: false,
          // The visitor's scripts never run in the replay: canvases are drawn from images instead.
          UNSAFE_replayCanvas: false,
          insertStyleRules: REPLAY_STYLE_RULES,
        });
        drawCanvasImages(replayer.current);
        showSelectedOptions(replayer.current);
        followVisitorFocus(replayer.current, setMarks);
        replayer.current.on("resize", (dimension) => setSize(dimension as { width: number; height: number }));
        followScrollAtOnce(replayer.current);
        // The visitor's clock is not ours: each event is stamped on arrival and the live baseline is now,
        // so an event plays at the replayer's next frame (a baseline in the past would delay every event
        // by that much: rrweb plays an event `timestamp - baseline` after startLive).
        replayer.current.startLive(Date.now());
      }
      for (const event of events)
        replayer.current.addEvent({ ...withoutReferrerPolicies(event), timestamp: Date.now() } as Parameters<Replayer["addEvent"]>[0]);
    },
    clearDrawings: () => setStrokes([]),
  }));

  useEffect(() => () => replayer.current?.destroy(), []);

  useEffect(() => {
    const container = frame.current;
    if (!container || !size) return;
    const fit = () =>
      setScale(Math.min(1, container.clientWidth / size.width, (window.innerHeight - container.getBoundingClientRect().top - 16) / size.height));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(container);
    window.addEventListener("resize", fit);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", fit);
    };
  }, [size]);

  const visitorPoint = (event: React.MouseEvent) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: round((event.clientX - box.left) / scale), y: round((event.clientY - box.top) / scale) };
  };

  const flushStroke = () => {
    const current = stroke.current;
    if (!current) return;
    clearTimeout(current.timer);
    current.timer = undefined;
    if (current.pending.length > 1) send({ tool: "draw", points: current.pending });
    current.pending = current.pending.slice(-1);
  };

  const endStroke = () => {
    flushStroke();
    stroke.current = null;
  };

  const onMouseDown = (event: React.MouseEvent) => {
    if (mode === "control") return onControlPress(event);
    if (mode !== "draw" || !allowed("draw") || event.button !== 0) return;
    const { x, y } = visitorPoint(event);
    stroke.current = { pending: [[x, y]] };
    setStrokes((current) => [...current, [[x, y]]]);
  };

  const extendStroke = (event: React.MouseEvent) => {
    const current = stroke.current;
    if (!current) return;
    const { x, y } = visitorPoint(event);
    current.pending.push([x, y]);
    setStrokes((all) => [...all.slice(0, -1), [...(all.at(-1) ?? []), [x, y]]]);
    current.timer ??= setTimeout(flushStroke, STROKE_FLUSH_MS);
  };

  const drain = () => {
    const box = outbox.current;
    if (box.busy || !box.pending.length) return;
    const next = box.pending.shift()!;
    box.busy = true;
    void Promise.resolve(onControl(next)).finally(() => {
      box.busy = false;
      drain();
    });
  };

  const send = (message: ControlMessage) => {
    const box = outbox.current;
    const last = box.pending.at(-1);
    if (message.tool === "type" && !message.paste && last?.tool === "type" && !last.paste && last.text.length + message.text.length <= 1000)
      box.pending[box.pending.length - 1] = { ...last, text: last.text + message.text };
    else box.pending.push(message);
    drain();
  };

  const onMouseMove = (event: React.MouseEvent) => {
    if (mode === "draw") return extendStroke(event);
    const current = press.current;
    if (current && mode === "control") return extendDrag(event, current);
    const hovering = mode === "control" && allowed("hover");
    if (!(hovering || allowed("pointer"))) return;
    // At most one move per POINTER_EVERY_MS, and always the last one: where the mouse stops is where it is.
    pointerAt.current = { tool: hovering ? "hover" : "pointer", ...visitorPoint(event) };
    if (pointerTimer.current) return;
    const sendPointer = () => {
      pointerTimer.current = undefined;
      if (pointerAt.current) send(pointerAt.current);
      pointerAt.current = null;
      lastPointer.current = Date.now();
    };
    const wait = POINTER_EVERY_MS - (Date.now() - lastPointer.current);
    if (wait <= 0) sendPointer();
    else pointerTimer.current = setTimeout(sendPointer, wait);
  };

  const extendDrag = (event: React.MouseEvent, current: NonNullable<typeof press.current>) => {
    const point = visitorPoint(event);
    if (!current.dragging) {
      if (Math.hypot(point.x - current.x, point.y - current.y) * scale < DRAG_THRESHOLD) return;
      current.dragging = true;
      send({ tool: "drag", phase: "start", x: current.x, y: current.y });
    }
    if (Date.now() - current.lastMove < DRAG_EVERY_MS) return;
    current.lastMove = Date.now();
    send({ tool: "drag", phase: "move", ...point });
  };

  const onControlPress = (event: React.MouseEvent) => {
    // A move still waiting goes first, so the page sees the mouse arrive before the press.
    clearTimeout(pointerTimer.current);
    pointerTimer.current = undefined;
    if (pointerAt.current) send(pointerAt.current);
    pointerAt.current = null;
    if (mode !== "control") return;
    // No selection or native drag in the watch page: a press and its moves belong to the visitor's page.
    event.preventDefault();
    if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
    if (!allowed("drag") || event.button !== 0) return;
    press.current = { ...visitorPoint(event), dragging: false, lastMove: 0 };
  };

  const onControlRelease = (event: React.MouseEvent) => {
    const current = press.current;
    press.current = null;
    if (!current?.dragging) return;
    send({ tool: "drag", phase: "end", ...visitorPoint(event) });
    // The browser clicks where a press and release meet: the drag already did all the page gets.
    suppressClick.current = event.type === "mouseup";
  };

  /** The rrweb id of what the mirror shows at the event's point (a text node's element, an SVG path…). */
  const nodeAt = (event: React.MouseEvent) => {
    const document = replayer.current?.iframe.contentDocument;
    const { x, y } = visitorPoint(event);
    const target = document?.elementFromPoint(x, y) ?? null;
    return { id: target ? replayer.current!.getMirror().getId(target) : -1, x, y, target };
  };

  const modifiersOf = (event: React.MouseEvent | React.KeyboardEvent) => ({
    ...(event.ctrlKey && { ctrlKey: true }),
    ...(event.shiftKey && { shiftKey: true }),
    ...(event.altKey && { altKey: true }),
    ...(event.metaKey && { metaKey: true }),
  });

  const onClick = (event: React.MouseEvent) => {
    if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
    if (suppressClick.current) return void (suppressClick.current = false);
    if (mode !== "control" || !allowed("click")) return;
    const { id, x, y, target } = nodeAt(event);
    setNotice(null);
    if (target?.localName === "input" && (target as HTMLInputElement).type === "file") return setNotice(FILE_NOTICE);
    const count = Math.min(3, Math.max(1, event.detail));
    if (id > 0) send({ tool: "click", id, x, y, ...(count > 1 && { count }), ...modifiersOf(event) });
    const list = target?.closest("select");
    if (list && count === 1) openPicker(list);
  };

  /** Opens the picker over a mirrored `<select>` (the mirror cannot open its native list). */
  const openPicker = (list: HTMLSelectElement) => {
    const id = replayer.current?.getMirror().getId(list) ?? -1;
    if (id <= 0 || list.disabled || !allowed("select")) return;
    // A masked list arrives as an empty box: nothing of it to choose.
    if (!list.options.length) return setNotice(MASKED_LIST_NOTICE);
    setPicker({ id, options: optionsOf(list), multiple: list.multiple, box: list.getBoundingClientRect() });
  };

  const focusedList = () => {
    const node = marks.id === null ? null : replayer.current?.getMirror().getNode(marks.id);
    // By tag: the mirror's nodes belong to its frame's window, not this one's classes.
    return node?.nodeType === Node.ELEMENT_NODE && (node as Element).localName === "select" ? (node as HTMLSelectElement) : null;
  };

  const onContextMenu = (event: React.MouseEvent) => {
    if (mode !== "control" || !allowed("click")) return;
    event.preventDefault();
    const { id, x, y } = nodeAt(event);
    if (id > 0) send({ tool: "click", id, x, y, button: "right", ...modifiersOf(event) });
  };

  const onWheel = (event: React.WheelEvent) => {
    if (mode !== "control" || !allowed("scroll")) return;
    send({ tool: "scroll", dx: Math.round(event.deltaX), dy: Math.round(event.deltaY), ...visitorPoint(event) });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (mode !== "control" || !allowed("type")) return;
    if (event.ctrlKey && event.altKey && event.shiftKey && MODIFIER_KEYS.includes(event.key)) {
      event.preventDefault();
      return leaveTarget.current?.focus();
    }
    // An input method's keys ("Process") compose text: onCompositionEnd sends what they made.
    if (MODIFIER_KEYS.includes(event.key) || event.nativeEvent.isComposing || event.key === "Process") return;
    const list = opensList(event) ? focusedList() : null;
    if (list) {
      event.preventDefault();
      return openPicker(list);
    }
    // Ctrl/Cmd+V goes on to the browser, which pastes: onPaste sends the text as one insertion.
    const pasting = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "v";
    if (!pasting) event.preventDefault();
    const modifiers = modifiersOf(event);
    const character = Array.from(event.key).length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (character) send({ tool: "type", text: event.key });
    else send({ tool: "key", key: event.key, code: event.code, ...modifiers });
  };

  /** An input method's text (an accent, a Japanese word) goes as one composed insertion, never as its keys. */
  const onCompositionEnd = (event: React.CompositionEvent<HTMLDivElement>) => {
    event.currentTarget.textContent = "";
    if (mode !== "control" || !allowed("type") || !event.data) return;
    send({ tool: "type", text: event.data.slice(0, 1000), composition: true });
  };

  /** The overlay is editable only so that input methods work on it: it keeps no text of its own. */
  const onInput = (event: React.FormEvent<HTMLDivElement>) => {
    if (!(event.nativeEvent as InputEvent).isComposing) event.currentTarget.textContent = "";
  };

  const onPaste = (event: React.ClipboardEvent) => {
    if (mode !== "control" || !allowed("type")) return;
    event.preventDefault();
    const text = event.clipboardData.getData("text/plain").slice(0, 1000);
    if (text) send({ tool: "type", text, paste: true });
  };

  const scaled = size ? { width: size.width * scale, height: size.height * scale } : undefined;
  return (
    <div ref={frame} className="w-full">
      {/* The border sits outside the page's box and its corners are square: none of the visitor's page is hidden. */}
      <div
        className="relative mx-auto box-content overflow-hidden border border-zinc-200 bg-white shadow-sm dark:border-zinc-800"
        style={scaled ?? { height: 320 }}
      >
        <div ref={root} data-testid="replay-root" style={{ transform: `scale(${scale})`, transformOrigin: "0 0", width: size?.width, height: size?.height }} />
        {size && strokes.length ? (
          <svg
            aria-hidden
            className="pointer-events-none absolute inset-0 h-full w-full"
            viewBox={`0 0 ${size.width} ${size.height}`}
            data-testid="agent-drawings"
          >
            {strokes.map((points, index) => (
              <polyline
                key={index}
                points={points.map(([x, y]) => `${x},${y}`).join(" ")}
                fill="none"
                stroke="#e11d48"
                strokeWidth={4}
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            ))}
          </svg>
        ) : null}
        {size ? <FocusMarksLayer marks={marks} size={size} /> : null}
        {size ? (
          <div
            role="application"
            aria-label={OVERLAY_LABELS[mode]}
            tabIndex={0}
            data-testid="replay-overlay"
            data-mode={mode}
            className="absolute inset-0 cursor-crosshair overflow-hidden text-transparent caret-transparent select-none focus-visible:outline-2 focus-visible:outline-brand-600"
            contentEditable={mode === "control" && allowed("type")}
            suppressContentEditableWarning
            spellCheck={false}
            onMouseDown={onMouseDown}
            onMouseMove={onMouseMove}
            onMouseUp={(event) => (endStroke(), onControlRelease(event))}
            onMouseLeave={(event) => (endStroke(), onControlRelease(event))}
            onClick={onClick}
            onContextMenu={onContextMenu}
            onWheel={onWheel}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onCompositionEnd={onCompositionEnd}
            onInput={onInput}
          />
        ) : null}
        {picker && size ? (
          <SelectPicker
            key={picker.id}
            options={picker.options}
            multiple={picker.multiple}
            at={{ left: picker.box.left * scale, top: picker.box.top * scale, width: picker.box.width * scale, height: picker.box.height * scale }}
            room={size.height * scale}
            onChoose={(value) => send({ tool: "select", id: picker.id, value })}
            onClose={() => {
              setPicker(null);
              frame.current?.querySelector<HTMLElement>("[data-testid=replay-overlay]")?.focus();
            }}
          />
        ) : null}
      </div>
      {notice ? (
        <p role="status" className="mt-1 text-center text-sm text-amber-700 dark:text-amber-400" data-testid="control-notice">
          {notice}
        </p>
      ) : null}
      {size && mode === "control" && allowed("type") ? (
        <p ref={leaveTarget} tabIndex={-1} className="mt-1 text-center text-xs text-zinc-500 outline-none" data-testid="leave-keys-hint">
          While the page has focus, every key goes to the visitor&apos;s page. <kbd className="font-mono">{LEAVE_KEYS}</kbd> leaves it.
        </p>
      ) : null}
    </div>
  );
});
