"use client";

import { useEffect, useRef } from "react";
import type { Permissions } from "@/lib/contract/watch-link";
import type { VisitorStatus } from "@/lib/contract";
import type { FrameMessage, ViewerMode, ViewerState } from "@/lib/contract/viewer-protocol";

/**
 * The `page_only` watch page's protocol with the page that embeds it (docs/embedding.md): it posts the
 * session's state to its parent and obeys the parent's actions. Only messages whose source is the parent
 * window are obeyed; what it posts holds no credential.
 */
export type EmbedStatus = "waiting" | "pendingAuthorization" | "active" | "ended";

const EMBED_STATUS: Record<VisitorStatus, EmbedStatus> = {
  waiting: "waiting",
  disconnected: "waiting",
  awaiting_authorization: "pendingAuthorization",
  live: "active",
  ended: "ended",
};

/** The tool modes, and `view`: the mirror only shows (the embeddable viewer's mode). */
type EmbedMode = ViewerMode;

const VIEWER_STATUS: Record<VisitorStatus, ViewerState["status"]> = {
  waiting: "waiting",
  disconnected: "waiting",
  awaiting_authorization: "waiting",
  live: "active",
  ended: "ended",
};

export type EmbedAction =
  { action: "endSession" } | { action: "setTool"; tool: EmbedMode } | { action: "clearDrawings" } | { action: "sendCustomMessage"; message: string };

export type EmbedEvent =
  | { type: "sessionState"; state: { status: EmbedStatus; visitorStatus: VisitorStatus; agents: string[]; permissions: Permissions; tool: EmbedMode } }
  | { type: "sessionEnded"; reason: "ended" | "error" }
  | { type: "customMessage"; message: string }
  | { type: "error"; message: string };

const TOOLS: EmbedMode[] = ["view", "control", "draw", "pointer"];

/** Reads a parent's message as an action, or null for anything else (other scripts post messages too). */
export function parseEmbedAction(data: unknown): EmbedAction | null {
  if (!data || typeof data !== "object") return null;
  const message = data as Record<string, unknown>;
  switch (message.action) {
    case "endSession":
    case "clearDrawings":
      return { action: message.action };
    case "setTool":
      return TOOLS.includes(message.tool as EmbedMode) ? { action: "setTool", tool: message.tool as EmbedMode } : null;
    case "sendCustomMessage":
      return typeof message.message === "string" && message.message ? { action: "sendCustomMessage", message: message.message } : null;
    default:
      return null;
  }
}

export function framed(): boolean {
  return typeof window !== "undefined" && window.parent !== window;
}

export function postToParent(event: EmbedEvent | FrameMessage): void {
  // The embedding page's origin is not known to the link: the messages carry no secret, so any may read them.
  if (framed()) window.parent.postMessage(event, "*");
}

interface BridgeOptions {
  status: VisitorStatus;
  visitor: ViewerState["visitor"];
  agents: string[];
  endReason: string | null;
  permissions: Permissions;
  tool: EmbedMode;
  error: string | null;
  onAction: (action: EmbedAction) => void;
}

export function useEmbedBridge({ status, visitor, agents, endReason, permissions, tool, error, onAction }: BridgeOptions): void {
  const onActionRef = useRef(onAction);
  useEffect(() => {
    onActionRef.current = onAction;
  }, [onAction]);

  useEffect(() => {
    if (!framed()) return;
    const listener = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      const action = parseEmbedAction(event.data);
      if (action) onActionRef.current(action);
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, []);

  const agentList = agents.join("\n");
  const { id: visitorId, name: visitorName } = visitor;
  useEffect(() => {
    const names = agentList ? agentList.split("\n") : [];
    postToParent({ type: "sessionState", state: { status: EMBED_STATUS[status], visitorStatus: status, agents: names, permissions, tool } });
    if (status === "ended") postToParent({ type: "sessionEnded", reason: "ended" });
  }, [status, agentList, permissions, tool]);

  // The state as the embeddable viewer reports it ("state" and "ended" events): only when it changes.
  const lastState = useRef("");
  useEffect(() => {
    const viewers = agentList ? agentList.split("\n").map((name) => ({ name })) : [];
    const state: ViewerState = { status: VIEWER_STATUS[status], visitor: { id: visitorId, ...(visitorName ? { name: visitorName } : {}) }, viewers };
    if (JSON.stringify(state) === lastState.current) return;
    lastState.current = JSON.stringify(state);
    postToParent({ type: "tandem.sessionState.update", state });
    if (status === "ended") postToParent({ type: "tandem.sessionEnded", reason: endReason ?? "ended" });
  }, [status, agentList, visitorId, visitorName, endReason]);

  useEffect(() => {
    if (!error) return;
    postToParent({ type: "error", message: error });
    postToParent({ type: "tandem.error", code: "refused", message: error });
  }, [error]);
}
