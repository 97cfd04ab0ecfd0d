"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { SegmentedChoice } from "@/components/ui/segmented-choice";
import type { ControlMessage, Tool } from "@/lib/contract";
import type { ToolMode } from "./control/tool-mode";

const MODES: Array<{ value: ToolMode; label: string; needs: Tool[] }> = [
  { value: "control", label: "Control", needs: ["click", "type", "scroll"] },
  { value: "draw", label: "Draw", needs: ["draw"] },
  { value: "pointer", label: "Pointer", needs: ["pointer"] },
];

interface Props {
  tools: Tool[];
  mode: ToolMode;
  disabled: boolean;
  onMode: (mode: ToolMode) => void;
  onClearDrawings: () => void;
  onControl: (message: ControlMessage) => void;
  /** More of the watch page's controls, after the tools. */
  children?: ReactNode;
}

/** The tools the watch link allows: what the mouse does, drawings, and sending the visitor's page elsewhere. */
export function WatchToolbar({ tools, mode, disabled, onMode, onClearDrawings, onControl, children }: Props) {
  const [url, setUrl] = useState("");
  const modes = MODES.filter((entry) => entry.needs.some((tool) => tools.includes(tool)));
  const redirect = tools.includes("navigate");

  return (
    <div className="flex flex-wrap items-center gap-3">
      <SegmentedChoice label="Tool" options={modes} value={mode} onChange={onMode} />
      {tools.includes("clear") ? (
        <Button variant="secondary" disabled={disabled} onClick={onClearDrawings}>
          Clear drawings
        </Button>
      ) : null}
      {redirect ? (
        <>
          <form
            className="flex items-center gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (url) onControl({ tool: "navigate", url });
            }}
          >
            <label htmlFor="watch-redirect" className="sr-only">
              Address to send the visitor to
            </label>
            <input
              id="watch-redirect"
              type="url"
              required
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              placeholder="https://…"
              className="w-56 rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            />
            <Button type="submit" variant="secondary" disabled={disabled}>
              Send visitor there
            </Button>
          </form>
          <Button variant="secondary" disabled={disabled} onClick={() => onControl({ tool: "reload" })}>
            Reload visitor&apos;s page
          </Button>
        </>
      ) : null}
      {children}
    </div>
  );
}
