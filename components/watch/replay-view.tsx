"use client";

import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { Replayer } from "rrweb";
import "rrweb/dist/style.css";
import type { ControlMessage, RecordedEvent, Tool } from "@/lib/contract";
import { withoutReferrerPolicies } from "./referrer-guard";
import { drawCanvasImages, REPLAY_STYLE_RULES } from "./replay-fidelity";

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
  onControl: (message: ControlMessage) => void;
}

type Point = [number, number];

const POINTER_EVERY_MS = 50;
const TYPE_FLUSH_MS = 50;
const STROKE_FLUSH_MS = 50;

const round = (value: number) => Math.round(value * 10) / 10;

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
  control: "The visitor's page. Click to click there, scroll to scroll it, type to type into the field the visitor has focused.",
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
  const typed = useRef<{ text: string; timer?: ReturnType<typeof setTimeout> }>({ text: "" });
  /** The stroke being drawn: points not sent yet start with the last one sent, so pieces join up. */
  const stroke = useRef<{ pending: Point[]; timer?: ReturnType<typeof setTimeout> } | null>(null);
  const [strokes, setStrokes] = useState<Point[][]>([]);
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
    if (current.pending.length > 1) onControl({ tool: "draw", points: current.pending });
    current.pending = current.pending.slice(-1);
  };

  const endStroke = () => {
    flushStroke();
    stroke.current = null;
  };

  const onMouseDown = (event: React.MouseEvent) => {
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

  const flushTyped = () => {
    clearTimeout(typed.current.timer);
    typed.current.timer = undefined;
    if (typed.current.text) onControl({ tool: "type", text: typed.current.text });
    typed.current.text = "";
  };

  const onMouseMove = (event: React.MouseEvent) => {
    if (mode === "draw") return extendStroke(event);
    if (!allowed("pointer") || Date.now() - lastPointer.current < POINTER_EVERY_MS) return;
    lastPointer.current = Date.now();
    onControl({ tool: "pointer", ...visitorPoint(event) });
  };

  const onClick = (event: React.MouseEvent) => {
    if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
    const document = replayer.current?.iframe.contentDocument;
    if (mode !== "control" || !allowed("click") || !document) return;
    const { x, y } = visitorPoint(event);
    const target = document.elementFromPoint(x, y);
    const id = target ? replayer.current!.getMirror().getId(target) : -1;
    if (id > 0) onControl({ tool: "click", id, x, y });
  };

  const onWheel = (event: React.WheelEvent) => {
    if (mode !== "control" || !allowed("scroll")) return;
    onControl({ tool: "scroll", dx: Math.round(event.deltaX), dy: Math.round(event.deltaY), ...visitorPoint(event) });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (mode !== "control" || !allowed("type") || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1) {
      event.preventDefault();
      typed.current.text += event.key;
      typed.current.timer ??= setTimeout(flushTyped, TYPE_FLUSH_MS);
    } else if (event.key === "Backspace" || event.key === "Enter") {
      event.preventDefault();
      flushTyped();
      onControl({ tool: "key", key: event.key });
    }
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
        {size ? (
          <div
            role="application"
            aria-label={OVERLAY_LABELS[mode]}
            tabIndex={0}
            data-testid="replay-overlay"
            data-mode={mode}
            className="absolute inset-0 cursor-crosshair focus-visible:outline-2 focus-visible:outline-brand-600"
            onMouseDown={onMouseDown}
            onMouseMove={onMouseMove}
            onMouseUp={endStroke}
            onMouseLeave={endStroke}
            onClick={onClick}
            onWheel={onWheel}
            onKeyDown={onKeyDown}
          />
        ) : null}
      </div>
    </div>
  );
});
