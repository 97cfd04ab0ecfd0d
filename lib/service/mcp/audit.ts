import "server-only";
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db";
import { recordFeature } from "../sessions/record";
import type { AiCaller } from "./ai-sessions";

export interface ToolCallRecord {
  tool: string;
  sessionId: string | null;
  visitorId: string | null;
  outcome: "success" | "failure";
  error?: string;
  ip: string | null;
}

/**
 * Every tool call of an AI agent goes to the audit log (the console's Audit page) under its key's name,
 * and a session's calls to its `features_used` (`mcp_<tool>`), beside the tools' own features.
 */
export async function auditToolCall(db: Db, caller: AiCaller, call: ToolCallRecord): Promise<void> {
  await recordAudit(db, {
    actorId: `api_key:${caller.keyId}`,
    actorEmail: null,
    action: `mcp.${call.tool}`,
    outcome: call.outcome,
    target: call.sessionId ?? call.visitorId,
    detail: {
      api_key: caller.keyName,
      team: caller.team.id,
      ...(call.sessionId ? { session_id: call.sessionId } : {}),
      ...(call.visitorId ? { visitor_id: call.visitorId } : {}),
      ...(call.error ? { error: call.error } : {}),
    },
    ip: call.ip,
  });
  if (call.sessionId && call.outcome === "success") await recordFeature(db, call.sessionId, `mcp_${call.tool}`);
}
