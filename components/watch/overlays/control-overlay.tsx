import type { Ref } from "react";
import type { ControlInputHandlers } from "../control/use-control-input";
import { LEAVE_KEYS } from "../control/input-messages";
import type { ToolMode } from "../control/tool-mode";

const LABELS: Record<ToolMode, string> = {
  control: `The visitor's page. Click, drag and scroll act on it; every key goes to it. ${LEAVE_KEYS} leaves it.`,
  draw: "The visitor's page. Drag to draw on it; the visitor sees the drawing.",
  pointer: "The visitor's page. Move the mouse to point; the visitor sees your pointer.",
};

interface Props {
  mode: ToolMode;
  /** Keys go to the visitor's page: editable, so that input methods compose on it. */
  typing: boolean;
  handlers: ControlInputHandlers;
  ref: Ref<HTMLDivElement>;
}

/** The layer over the mirror that takes the agent's mouse and keyboard (the mirror itself never gets them). */
export function ControlOverlay({ mode, typing, handlers, ref }: Props) {
  return (
    <div
      ref={ref}
      role="application"
      aria-label={LABELS[mode]}
      tabIndex={0}
      data-testid="replay-overlay"
      data-mode={mode}
      className="absolute inset-0 cursor-crosshair overflow-hidden text-transparent caret-transparent select-none focus-visible:outline-2 focus-visible:outline-brand-600"
      contentEditable={typing}
      suppressContentEditableWarning
      spellCheck={false}
      {...handlers}
    />
  );
}
