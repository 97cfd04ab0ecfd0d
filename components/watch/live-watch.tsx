"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Logo } from "@/components/ui/logo";
import { SegmentedChoice } from "@/components/ui/segmented-choice";
import { AgentNotes } from "./panels/agent-notes";
import { CallControls } from "./panels/call-controls";
import { ConsolePanel, useConsoleLog } from "./panels/console-panel";
import { ReplayView } from "./replay/replay-view";
import { SessionEnd } from "./end/session-end";
import { SessionFeedback } from "./end/session-feedback";
import { StatusBadge } from "./status-badge";
import { useWatchSession, type WatchProps } from "./session/use-watch-session";
import { ViewFrame } from "./view-frame";
import { WatchToolbar } from "./watch-toolbar";

const PAGE_SIZES = [
  { value: "fit", label: "Fit" },
  { value: "actual", label: "Actual size" },
] as const;

/**
 * The agent's live view of the visitor's page, its status, the agents present and the tools allowed. The
 * visitor's page comes first: on a wide screen the notes, the call and the remote console sit in a panel
 * beside it, on a narrow one below it.
 */
export function LiveWatch(props: WatchProps) {
  const consoleLog = useConsoleLog();
  const { replay, state, ended, mode, setMode, control, end, clearDrawings, call } = useWatchSession(
    props,
    undefined,
    props.permissions.allow_console ? consoleLog.add : undefined,
  );
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [endError, setEndError] = useState<string | null>(null);
  const [pageSize, setPageSize] = useState<"fit" | "actual">("fit");
  const retryUrl = props.branding.retry_url;
  const trouble = !ended && (state.reconnecting || state.status === "disconnected");
  // The stream says whether the visitor's page is connected as soon as it opens, and again on each change.
  const offline = !ended && (state.online === false || state.status === "disconnected");

  const endSession = async () => {
    setEndError(null);
    try {
      await end();
      setConfirmEnd(false);
    } catch (error) {
      setEndError(error instanceof Error ? error.message : "The session could not be ended.");
    }
  };

  return (
    <main className="flex min-h-screen flex-col gap-3 bg-zinc-50 p-3 text-zinc-900 lg:h-screen lg:flex-row lg:overflow-hidden dark:bg-zinc-950 dark:text-zinc-100">
      <div className="flex min-w-0 flex-col gap-3 lg:min-h-0 lg:flex-1">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {props.branding.naked === true ? null : <Logo className="mr-1 text-sm" />}
          <h1 className="text-lg font-semibold">{`Session with ${props.visitorName ?? `visitor ${props.visitorId}`}`}</h1>
          {props.visitorName ? <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{`Visitor ${props.visitorId}`}</span> : null}
          <StatusBadge status={state.status} />
          {state.reconnecting && !ended ? <span className="text-sm text-amber-700 dark:text-amber-300">Reconnecting…</span> : null}
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            <span className="sr-only">Agents present: </span>
            <span data-testid="session-agents">{state.agents.join(", ")}</span>
          </p>
          {!ended ? (
            <div className="ml-auto flex items-center gap-2">
              <SegmentedChoice label="Page size" options={PAGE_SIZES} value={pageSize} onChange={setPageSize} />
              <Button variant="danger" onClick={() => setConfirmEnd(true)}>
                End session
              </Button>
            </div>
          ) : null}
        </header>

        {ended ? (
          <SessionEnd
            visitorId={props.visitorId}
            endReason={state.endReason}
            endedHere={state.endedHere}
            startedAt={props.startedAt}
            endedAt={state.endedAt}
            onEndUrl={props.branding.on_end_url}
          >
            {/* Nothing to rate in a session the visitor declined: it never started. */}
            {state.endReason === "declined" ? null : <SessionFeedback sessionId={props.sessionId} token={props.token} sent={props.feedbackSent} />}
          </SessionEnd>
        ) : (
          <>
            <WatchToolbar
              tools={props.tools}
              mode={mode}
              disabled={state.status !== "live"}
              onMode={setMode}
              onClearDrawings={clearDrawings}
              onControl={control}
            />
            {state.status === "awaiting_authorization" ? (
              <Alert tone="info">The visitor is being asked to accept the session. Their page appears once they accept.</Alert>
            ) : null}
            {offline ? (
              <Alert tone="info" data-testid="visitor-offline">
                <span className="font-medium">The visitor is offline.</span> Their page is not open (closed or reloading); this page keeps waiting and shows it
                when they come back.
              </Alert>
            ) : null}
            {trouble && retryUrl ? (
              <p className="text-sm">
                Having trouble?{" "}
                <a href={retryUrl} className="font-medium text-brand-600 hover:underline dark:text-brand-100">
                  Retry now
                </a>
              </p>
            ) : null}
            {state.error ? (
              <Alert role="alert" data-testid="tool-error">
                {state.error}
              </Alert>
            ) : null}
            <ViewFrame zoomed={pageSize === "actual"}>
              <ReplayView ref={replay} tools={props.tools} mode={mode} disabled={state.status !== "live"} onControl={control} fit={pageSize === "fit"} />
            </ViewFrame>
          </>
        )}
      </div>

      <aside aria-label="Session tools" className="flex flex-col gap-4 lg:w-80 lg:shrink-0 lg:overflow-y-auto xl:w-96">
        {props.permissions.allow_audio && !ended ? <CallControls call={call} disabled={state.status !== "live"} /> : null}
        <AgentNotes sessionId={props.sessionId} notes={props.notes} token={props.token} />
        {props.permissions.allow_console && !ended ? <ConsolePanel log={consoleLog.log} /> : null}
      </aside>

      <Dialog
        open={confirmEnd}
        onClose={() => setConfirmEnd(false)}
        title="End this session?"
        description="The visitor's page stops being shared and the session ends for every agent."
      >
        {endError ? <Alert>{endError}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmEnd(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void endSession()}>
            End session
          </Button>
        </div>
      </Dialog>
    </main>
  );
}
