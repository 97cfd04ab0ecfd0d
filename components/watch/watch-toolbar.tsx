"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { ControlMessage, Tool } from "@/lib/contract";
import type { ToolMode } from "./control/tool-mode";

const MODES: Array<{ mode: ToolMode; label: string; needs: Tool[] }> = [
  { mode: "control", label: "Control", needs: ["click", "type", "scroll"] },
  { mode: "draw", label: "Draw", needs: ["draw"] },
  { mode: "pointer", label: "Pointer", needs: ["pointer"] },
];

interface Props {
  tools: Tool[];
  mode: ToolMode;
  disabled: boolean;
  onMode: (mode: ToolMode) => void;
  onClearDrawings: () => void;
  onControl: (message: ControlMessage) => void;
  /** More of the session's controls (the call, when the link allows audio). */
  children?: ReactNode;
}

/** The tools the watch link allows: what the mouse does, drawings, and sending the visitor's page elsewhere. */
export function WatchToolbar({ tools, mode, disabled, onMode, onClearDrawings, onControl, children }: Props) {
  const [url, setUrl] = useState("");
  const modes = MODES.filter((entry) => entry.needs.some((tool) => tools.includes(tool)));
  const redirect = tools.includes("navigate");

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div role="radiogroup" aria-label="Tool" className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700">
        {modes.map((entry) => (
          <button
            key={entry.mode}
            type="button"
            role="radio"
            aria-checked={mode === entry.mode}
            onClick={() => onMode(entry.mode)}
            className={cn(
              "rounded px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600",
              mode === entry.mode ? "bg-brand-600 text-white" : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
            )}
          >
            {entry.label}
          </button>
        ))}
      </div>
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
