"use client";

import { useEffect, useRef, useState } from "react";
import type { AgentMessage, ControlMessage, RecordedEvent, VisitorStatus } from "@/lib/contract";

export interface LiveState {
  status: VisitorStatus;
  agents: string[];
  endReason: string | null;
  /** The stream dropped; it reconnects by itself. */
  reconnecting: boolean;
  /** The last tool the service refused, said for people. */
  error: string | null;
}

interface Options {
  sessionId: string;
  token: string;
  initial: Omit<LiveState, "reconnecting" | "error">;
  /** A batch of the visitor's page; `reset` = it starts with a full snapshot. */
  onEvents: (events: RecordedEvent[], reset: boolean) => void;
  /** A message from the customer's page (`Tandem.sendCustomMessage`). */
  onCustomMessage?: (message: string) => void;
}

async function refusal(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (response.status === 403) return body.message ?? "The watch link does not allow this tool.";
  if (response.status === 409) return "The session has ended.";
  if (response.status === 401) return "Your access to this session expired: open the watch link again from the console.";
  return body.message ?? `The service refused the tool (${response.status}).`;
}

/**
 * The watch page's connection to the service: an EventSource for the visitor's page and status (the
 * viewer token in its query, as EventSource cannot send headers), and POSTs for the tools. Detects
 * missed batches by their sequence and asks for a fresh snapshot.
 */
export function useLiveConnection({ sessionId, token, initial, onEvents, onCustomMessage }: Options) {
  const [state, setState] = useState<LiveState>({ ...initial, reconnecting: false, error: null });
  const tokenRef = useRef(token);
  const onEventsRef = useRef(onEvents);
  const onCustomRef = useRef(onCustomMessage);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    onEventsRef.current = onEvents;
    onCustomRef.current = onCustomMessage;
  }, [onEvents, onCustomMessage]);

  const post = (path: string, body: unknown = {}) =>
    fetch(`/live/sessions/${encodeURIComponent(sessionId)}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${tokenRef.current}` },
      body: JSON.stringify(body),
    });

  useEffect(() => {
    if (initial.status === "ended") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let lastSeq = 0;
    let haveSnapshot = false;
    let closed = false;

    const handle = (message: AgentMessage) => {
      if (message.type === "events") {
        const follows = haveSnapshot && message.seq === lastSeq + 1;
        if (!message.reset && !follows) {
          // A batch went missing: the page is stale until a new snapshot arrives.
          void post("resync");
          return;
        }
        lastSeq = message.seq;
        haveSnapshot = true;
        onEventsRef.current(message.events, message.reset);
      } else if (message.type === "status") {
        setState((current) => ({ ...current, status: message.status, agents: message.agents, reconnecting: false }));
      } else if (message.type === "custom") {
        onCustomRef.current?.(message.message);
      } else if (message.type === "token") {
        tokenRef.current = message.token;
      } else if (message.type === "ended") {
        closed = true;
        source?.close();
        setState((current) => ({ ...current, status: "ended", endReason: message.reason, reconnecting: false }));
      }
    };

    const connect = () => {
      source = new EventSource(`/live/sessions/${encodeURIComponent(sessionId)}/stream?token=${encodeURIComponent(tokenRef.current)}`);
      source.onopen = () => setState((current) => ({ ...current, reconnecting: false }));
      source.onmessage = (event) => handle(JSON.parse(event.data) as AgentMessage);
      source.onerror = () => {
        if (closed) return;
        setState((current) => ({ ...current, reconnecting: true }));
        if (source?.readyState === EventSource.CLOSED) {
          // Refused (e.g. the credential expired while offline): try again with the latest token.
          retry = setTimeout(connect, 2000);
        }
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream per session
  }, [sessionId]);

  return {
    state,
    /** Sends a tool's message; messages leave one at a time, in order. */
    control: (message: ControlMessage) => {
      queue.current = queue.current
        .then(async () => {
          const response = await post("control", message);
          const error = response.ok ? null : await refusal(response);
          setState((current) => (current.error === error ? current : { ...current, error }));
        })
        .catch(() => setState((current) => ({ ...current, error: "The tool could not reach the service; check your connection." })));
      return queue.current;
    },
    end: async () => {
      const response = await post("end");
      if (!response.ok) throw new Error(`The session could not be ended (${response.status}).`);
      setState((current) => ({ ...current, status: "ended", endReason: "agent" }));
    },
  };
}
