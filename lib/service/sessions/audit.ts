import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db";
import { agents, apiKeys } from "../core/schema";
import type { EndReason, SessionRow } from "./record";

/** Who ended a session: an agent on the watch page, the visitor, a caller with an API key (an AI agent's too), or the service itself. */
export type EndedBy = { kind: "agent"; agentId: string } | { kind: "visitor" } | { kind: "api_key"; keyId: string } | { kind: "service" };

/** The audit log's action for each way a session ends (labelled in lib/console/audit-log/labels.ts). */
const ACTION: Record<EndReason, string> = {
  agent: "session_ended_by_agent",
  visitor: "session_stopped_by_visitor",
  declined: "session_declined",
  api: "session_ended_by_api",
  agent_left: "session_timed_out",
  visitor_deleted: "session_ended_visitor_deleted",
};

async function actorOf(tx: Tx, teamId: string, by: EndedBy) {
  if (by.kind === "agent") {
    const [agent] = await tx.select().from(agents).where(eq(agents.id, by.agentId));
    return {
      actorId: `agent:${by.agentId}`,
      actorEmail: agent?.email || null,
      detail: { agent: agent?.name ?? null, external_id: agent?.externalId ?? null },
    };
  }
  if (by.kind === "api_key") {
    const [key] = await tx.select({ name: apiKeys.name, teamId: apiKeys.teamId }).from(apiKeys).where(eq(apiKeys.id, by.keyId));
    return { actorId: `api_key:${by.keyId}`, actorEmail: null, detail: { api_key: key?.teamId === teamId ? key.name : null } };
  }
  return { actorId: null, actorEmail: null, detail: {} };
}

/** Who acted on a session, as the audit log names them (the session's end, its calls). */
async function sessionActor(tx: Tx, session: SessionRow, by: EndedBy) {
  return by.kind === "visitor" ? { actorId: `visitor:${session.visitorId}`, actorEmail: null, detail: {} } : await actorOf(tx, session.teamId, by);
}

/** One audit entry about a session: who acted, what they did, and which session of which visitor and team. */
async function auditSession(tx: Tx, session: SessionRow, by: EndedBy, action: string, detail: Record<string, unknown>): Promise<void> {
  const actor = await sessionActor(tx, session, by);
  await recordAudit(tx, {
    actorId: actor.actorId,
    actorEmail: actor.actorEmail,
    action,
    target: session.id,
    detail: { ...actor.detail, ...detail, session_id: session.id, visitor_id: session.visitorId, team: session.teamId },
  });
}

/**
 * The audit entry of a session's end, written in the transaction that ends it: who ended it (an agent,
 * the visitor, an API key, or nobody when the service timed it out) and how.
 */
export function auditSessionEnd(tx: Tx, session: SessionRow, reason: EndReason, by: EndedBy): Promise<void> {
  return auditSession(tx, session, by, ACTION[reason], { reason, went_live: session.wentLive });
}

/** The audit entry of a step of a call: who (the agent, the visitor, or the service as the session ended) and which call. */
export function auditCall(tx: Tx, session: SessionRow, action: string, callId: string, by: EndedBy, detail: Record<string, unknown> = {}): Promise<void> {
  return auditSession(tx, session, by, action, { call_id: callId, ...detail });
}
