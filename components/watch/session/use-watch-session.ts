"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ConsoleEntry, RecordedEvent, WatchSession } from "@/lib/contract";
import { useEndRedirect } from "../end/end-redirect";
import { useLiveConnection } from "./live-connection";
import { firstMode, type ToolMode } from "../control/tool-mode";
import { useOutbox } from "../control/use-outbox";
import type { ReplayHandle } from "../replay/replay-view";
import { exchangeLink } from "./tab-credential";
import { useCall } from "../panels/use-call";

export type WatchProps = WatchSession;

/**
 * What both watch pages (the full one and `page_only`) share: the live connection, the replayed page,
 * the tool mode and the actions on the session.
 */
export function useWatchSession(
  props: WatchProps,
  onCustomMessage?: (message: string) => void,
  onConsole?: (entries: ConsoleEntry[], dropped: number) => void,
) {
  const replay = useRef<ReplayHandle>(null);
  // Before the stream opens and the mirror loads anything: the credential moves out of the address.
  useLayoutEffect(() => {
    exchangeLink("viewer", props.sessionId, props.token);
  }, [props.sessionId, props.token]);
  const [mode, setMode] = useState<ToolMode>(() => firstMode(props.tools));
  const onEvents = useCallback((events: RecordedEvent[], reset: boolean) => replay.current?.add(events, reset), []);
  const call = useCall(props.sessionId, props.token);
  const connection = useLiveConnection({
    sessionId: props.sessionId,
    token: props.token,
    initial: { status: props.status, agents: props.agents, endReason: props.endReason, endedAt: props.endedAt },
    onEvents,
    onCustomMessage,
    onConsole,
    onCall: call.receive,
  });
  // Every message of the agent leaves through this one outbox, whichever part of the page sends it: in the
  // order sent, so a clear never overtakes the strokes drawn before it.
  const send = useOutbox(connection.control);
  const ended = connection.state.status === "ended";
  useEndRedirect(ended, props.branding.on_end_url);
  // The session's end ends its call.
  const dropCall = call.drop;
  useEffect(() => {
    if (ended) dropCall();
  }, [ended, dropCall]);

  return {
    replay,
    state: connection.state,
    ended,
    call,
    mode,
    setMode: (next: ToolMode) => setMode(next === "draw" && !props.tools.includes("draw") ? mode : next),
    control: send,
    end: connection.end,
    clearDrawings: () => {
      replay.current?.clearDrawings();
      if (props.tools.includes("clear")) send({ tool: "clear" });
    },
    sendCustomMessage: (message: string) => send({ tool: "message", message }),
  };
}
