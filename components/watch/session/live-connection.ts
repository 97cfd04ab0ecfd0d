"use client";

import { fetchEventSource } from "@microsoft/fetch-event-source";
import { useEffect, useRef, useState } from "react";
import type { AgentMessage, ConsoleEntry, ControlMessage, RecordedEvent, VisitorStatus } from "@/lib/contract";
import type { CallToAgent } from "@/lib/contract/call";
import { endpointUrl, type BodyArgs } from "@/lib/contract/endpoint-url";
import { liveRoutes } from "@/lib/contract/endpoints/live-routes";
import { keepCredential } from "./tab-credential";

export interface LiveState {
  status: VisitorStatus;
  agents: string[];
  endReason: string | null;
  /** When the end reached this page (or the service's record of it, for a session already over). */
  endedAt: string | null;
  /** This page's agent pressed End session. */
  endedHere: boolean;
  /** The visitor's page is connected to the service; null until the stream says. */
  online: boolean | null;
  /** The stream dropped; it reconnects by itself. */
  reconnecting: boolean;
  /** The last tool the service refused, said for people. */
  error: string | null;
}

interface Options {
  sessionId: string;
  token: string;
  initial: Pick<LiveState, "status" | "agents" | "endReason" | "endedAt">;
  /** A batch of the visitor's page; `reset` = it starts with a full snapshot. */
  onEvents: (events: RecordedEvent[], reset: boolean) => void;
  /** A message from the customer's page (`Tandem.sendCustomMessage`). */
  onCustomMessage?: (message: string) => void;
  /** The visitor page's console output (remote console); `dropped`: messages it left out. */
  onConsole?: (entries: ConsoleEntry[], dropped: number) => void;
  /** The voice call's signalling from the visitor. */
  onCall?: (message: CallToAgent) => void;
}

async function refusal(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (response.status === 403) return body.message ?? "The watch link does not allow this tool.";
  if (response.status === 409) return "The session has ended.";
  if (response.status === 401) return "Your access to this session expired: open the watch link again from the console.";
  return body.message ?? `The service refused the tool (${response.status}).`;
}

class StreamRefused extends Error {}

/** A tool's endpoint: a POST on the session, its id in the path. */
type SessionPost = typeof liveRoutes.useTool | typeof liveRoutes.endByAgent | typeof liveRoutes.requestSnapshot;

/**
 * The watch page's connection to the service: a fetch-based event stream for the visitor's page and
 * status, and POSTs for the tools, all with the viewer token in `Authorization` (never in an address).
 * Detects missed batches by their sequence and asks for a fresh snapshot.
 */
export function useLiveConnection({ sessionId, token, initial, onEvents, onCustomMessage, onConsole, onCall }: Options) {
  const [state, setState] = useState<LiveState>({ ...initial, endedHere: false, online: null, reconnecting: false, error: null });
  const tokenRef = useRef(token);
  const onEventsRef = useRef(onEvents);
  const onCustomRef = useRef(onCustomMessage);
  const onConsoleRef = useRef(onConsole);
  const onCallRef = useRef(onCall);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    onEventsRef.current = onEvents;
    onCustomRef.current = onCustomMessage;
    onConsoleRef.current = onConsole;
    onCallRef.current = onCall;
  }, [onEvents, onCustomMessage, onConsole, onCall]);

  /** A tool's POST; one without a body sends `{}`. */
  const post = <R extends SessionPost>(route: R, ...args: BodyArgs<R>) =>
    fetch(endpointUrl<SessionPost>(route, "", { id: sessionId }), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${tokenRef.current}` },
      body: JSON.stringify(args[0] ?? {}),
    });

  useEffect(() => {
    if (initial.status === "ended") return;
    const stream = new AbortController();
    let lastSeq = 0;
    let haveSnapshot = false;
    let closed = false;

    const handle = (message: AgentMessage) => {
      if (message.type === "events") {
        const follows = haveSnapshot && message.seq === lastSeq + 1;
        if (!message.reset && !follows) {
          // A batch went missing: the page is stale until a new snapshot arrives.
          void post(liveRoutes.requestSnapshot);
          return;
        }
        lastSeq = message.seq;
        haveSnapshot = true;
        onEventsRef.current(message.events, message.reset);
      } else if (message.type === "status") {
        setState((current) => ({ ...current, status: message.status, agents: message.agents, online: message.online ?? current.online, reconnecting: false }));
      } else if (message.type === "custom") {
        onCustomRef.current?.(message.message);
      } else if (message.type === "console") {
        onConsoleRef.current?.(message.entries, message.dropped);
      } else if (message.type === "call") {
        onCallRef.current?.(message.call);
      } else if (message.type === "token") {
        tokenRef.current = message.token;
        keepCredential("viewer", sessionId, message.token);
      } else if (message.type === "ended") {
        closed = true;
        stream.abort();
        setState((current) =>
          current.status === "ended"
            ? current
            : { ...current, status: "ended", endReason: message.reason, endedAt: new Date().toISOString(), reconnecting: false },
        );
      }
    };

    void fetchEventSource(endpointUrl(liveRoutes.openViewerStream, "", { id: sessionId }), {
      signal: stream.signal,
      // Each attempt, reconnections included, sends the latest viewer token.
      fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, authorization: `Bearer ${tokenRef.current}` } }),
      // An agent watching from a background tab still gets the page.
      openWhenHidden: true,
      onopen: async (response) => {
        if (!response.ok) throw new StreamRefused();
        setState((current) => ({ ...current, reconnecting: false }));
      },
      onmessage: (event) => {
        if (event.data) handle(JSON.parse(event.data) as AgentMessage);
      },
      // A stopping app node closes its streams: connect again (through the load balancer).
      onclose: () => {
        throw new Error("The live stream closed");
      },
      onerror: (error) => {
        if (closed) throw error;
        setState((current) => ({ ...current, reconnecting: true }));
        // Refused (e.g. the credential expired while offline): try again a little later with the latest token.
        return error instanceof StreamRefused ? 2000 : undefined;
      },
    }).catch(() => undefined);
    return () => {
      closed = true;
      stream.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream per session
  }, [sessionId]);

  return {
    state,
    /** Sends a tool's message; messages leave one at a time, in order. */
    control: (message: ControlMessage) => {
      queue.current = queue.current
        .then(async () => {
          const response = await post(liveRoutes.useTool, message);
          const error = response.ok ? null : await refusal(response);
          setState((current) => (current.error === error ? current : { ...current, error }));
        })
        .catch(() => setState((current) => ({ ...current, error: "The tool could not reach the service; check your connection." })));
      return queue.current;
    },
    end: async () => {
      const response = await post(liveRoutes.endByAgent);
      if (!response.ok) throw new Error(`The session could not be ended (${response.status}).`);
      setState((current) => ({ ...current, status: "ended", endReason: "agent", endedAt: new Date().toISOString(), endedHere: true }));
    },
  };
}
