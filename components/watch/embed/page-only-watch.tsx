"use client";

import { useCallback, useState } from "react";
import { endReasonText } from "../end/end-reasons";
import { postToParent, useEmbedBridge, type EmbedAction } from "./embed-bridge";
import { ReplayView } from "../replay/replay-view";
import { useWatchSession, type WatchProps } from "../session/use-watch-session";

/**
 * `branding.naked: "page_only"`: the visitor's page alone, for an iframe. The embedding page drives the
 * session over postMessage (docs/embedding.md) and shows its own controls.
 */
export function PageOnlyWatch(props: WatchProps) {
  const onCustomMessage = useCallback((message: string) => postToParent({ type: "customMessage", message }), []);
  const { replay, state, ended, mode, setMode, control, end, clearDrawings, sendCustomMessage } = useWatchSession(props, onCustomMessage);
  // `view`: the mirror only shows; any tool mode acts again.
  const [viewing, setViewing] = useState(false);

  const onAction = (action: EmbedAction) => {
    if (action.action === "endSession") void end().catch((error: Error) => postToParent({ type: "error", message: error.message }));
    else if (action.action === "setTool") {
      setViewing(action.tool === "view");
      if (action.tool !== "view") setMode(action.tool);
    } else if (action.action === "clearDrawings") clearDrawings();
    else sendCustomMessage(action.message);
  };
  useEmbedBridge({
    status: state.status,
    visitor: { id: props.visitorId, ...(props.visitorName ? { name: props.visitorName } : {}) },
    agents: state.agents,
    endReason: state.endReason,
    permissions: props.permissions,
    tool: viewing ? "view" : mode,
    error: state.error,
    onAction,
  });

  return (
    <main className="min-h-screen bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <h1 className="sr-only">{`Session with visitor ${props.visitorId}`}</h1>
      <p role="status" className="sr-only" data-testid="visitor-status" data-status={state.status}>
        {ended
          ? `The session has ended. ${endReasonText(state.endReason, state.endedHere)}`
          : state.status === "live"
            ? "The visitor's page is live."
            : "Waiting for the visitor's page."}
      </p>
      {ended ? (
        <p className="p-4 text-sm" data-testid="session-ended">
          The session has ended. {endReasonText(state.endReason, state.endedHere)}
        </p>
      ) : (
        <ReplayView ref={replay} tools={props.tools} mode={mode} disabled={state.status !== "live" || viewing} onControl={control} />
      )}
    </main>
  );
}
