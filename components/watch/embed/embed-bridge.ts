"use client";

import { useEffect, useRef } from "react";
import type { Permissions } from "@/lib/contract/watch-link";
import type { VisitorStatus } from "@/lib/contract";
import type { ToolMode } from "../control/tool-mode";

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

export type EmbedAction =
  { action: "endSession" } | { action: "setTool"; tool: ToolMode } | { action: "clearDrawings" } | { action: "sendCustomMessage"; message: string };

export type EmbedEvent =
  | { type: "sessionState"; state: { status: EmbedStatus; visitorStatus: VisitorStatus; agents: string[]; permissions: Permissions; tool: ToolMode } }
  | { type: "sessionEnded"; reason: "ended" | "error" }
  | { type: "customMessage"; message: string }
  | { type: "error"; message: string };

const TOOLS: ToolMode[] = ["control", "draw", "pointer"];

/** Reads a parent's message as an action, or null for anything else (other scripts post messages too). */
export function parseEmbedAction(data: unknown): EmbedAction | null {
  if (!data || typeof data !== "object") return null;
  const message = data as Record<string, unknown>;
  switch (message.action) {
    case "endSession":
    case "clearDrawings":
      return { action: message.action };
    case "setTool":
      return TOOLS.includes(message.tool as ToolMode) ? { action: "setTool", tool: message.tool as ToolMode } : null;
    case "sendCustomMessage":
      return typeof message.message === "string" && message.message ? { action: "sendCustomMessage", message: message.message } : null;
    default:
      return null;
  }
}

export function framed(): boolean {
  return typeof window !== "undefined" && window.parent !== window;
}

export function postToParent(event: EmbedEvent): void {
  // The embedding page's origin is not known to the link: the messages carry no secret, so any may read them.
  if (framed()) window.parent.postMessage(event, "*");
}

interface BridgeOptions {
  status: VisitorStatus;
  agents: string[];
  permissions: Permissions;
  tool: ToolMode;
  error: string | null;
  onAction: (action: EmbedAction) => void;
}

export function useEmbedBridge({ status, agents, permissions, tool, error, onAction }: BridgeOptions): void {
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
  useEffect(() => {
    postToParent({
      type: "sessionState",
      state: { status: EMBED_STATUS[status], visitorStatus: status, agents: agentList ? agentList.split("\n") : [], permissions, tool },
    });
    if (status === "ended") postToParent({ type: "sessionEnded", reason: "ended" });
  }, [status, agentList, permissions, tool]);

  useEffect(() => {
    if (error) postToParent({ type: "error", message: error });
  }, [error]);
}
