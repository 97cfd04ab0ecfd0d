"use client";

import { forwardRef, useImperativeHandle, useRef, useState } from "react";
import type { ControlMessage, RecordedEvent, Tool } from "@/lib/contract";
import { ControlNotice, LeaveKeysHint } from "../control/control-hints";
import type { ToolMode } from "../control/tool-mode";
import { useControlInput } from "../control/use-control-input";
import { useDrawing } from "../control/use-drawing";
import { ControlOverlay } from "../overlays/control-overlay";
import { DrawingsLayer } from "../overlays/drawings-layer";
import { FocusMarksLayer } from "../overlays/focus-marks-layer";
import { SelectPicker } from "../overlays/select-picker";
import { useSelectPicker } from "../overlays/use-select-picker";
import { useFitScale } from "./use-fit-scale";
import { useReplayer } from "./use-replayer";

export interface ReplayHandle {
  add: (events: RecordedEvent[], reset: boolean) => void;
  /** Removes the drawings shown here (the caller tells the visitor's page). */
  clearDrawings: () => void;
}

interface Props {
  tools: Tool[];
  mode: ToolMode;
  disabled: boolean;
  /** Sends a tool's message through the session's outbox (useWatchSession): every message leaves in order. */
  onControl: (message: ControlMessage) => void;
  /** Scaled down to fit the room it has (the default), or at the page's actual size. */
  fit?: boolean;
}

/**
 * The visitor's page, replayed live and scaled to fit, with the agent's tools over it: the overlay turns
 * the agent's mouse and keyboard into control messages (control/), the layers show the drawings, the
 * visitor's focus and the picker of a list (overlays/).
 */
export const ReplayView = forwardRef<ReplayHandle, Props>(function ReplayView({ tools, mode, disabled, onControl: send, fit = true }, ref) {
  const frame = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const leaveTarget = useRef<HTMLParagraphElement>(null);
  const { root, size, marks, add, mirror } = useReplayer();
  const scale = useFitScale(frame, size, fit);
  const drawing = useDrawing(send);
  const [notice, setNotice] = useState<string | null>(null);
  const allowed = (tool: Tool) => !disabled && tools.includes(tool);
  const lists = useSelectPicker({ mirror, focusedId: marks.id, canSelect: () => allowed("select"), onNotice: setNotice });
  const handlers = useControlInput({ mode, allowed, scale, send, mirror, drawing, lists, onNotice: setNotice, leaveTarget });
  const typing = mode === "control" && allowed("type");

  useImperativeHandle(ref, () => ({ add, clearDrawings: drawing.clear }));

  const picker = lists.picker;
  const scaled = size ? { width: size.width * scale, height: size.height * scale } : undefined;
  return (
    <div ref={frame} className="w-full">
      {/* The border sits outside the page's box and its corners are square: none of the visitor's page is hidden. */}
      <div
        className="relative mx-auto box-content overflow-hidden border border-zinc-200 bg-white shadow-sm dark:border-zinc-800"
        style={scaled ?? { height: 320 }}
      >
        <div ref={root} data-testid="replay-root" style={{ transform: `scale(${scale})`, transformOrigin: "0 0", width: size?.width, height: size?.height }} />
        {size ? (
          <>
            <DrawingsLayer strokes={drawing.strokes} size={size} />
            <FocusMarksLayer marks={marks} size={size} />
            <ControlOverlay ref={overlay} mode={mode} typing={typing} handlers={handlers} />
          </>
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
              lists.close();
              overlay.current?.focus();
            }}
          />
        ) : null}
      </div>
      <ControlNotice notice={notice} />
      {size && typing ? <LeaveKeysHint ref={leaveTarget} /> : null}
    </div>
  );
});
