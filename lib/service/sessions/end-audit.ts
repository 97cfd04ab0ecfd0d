import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db";
import { agents, apiKeys, type sessions } from "../core/schema";
import type { EndReason } from "./lifecycle";

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
export async function sessionActor(tx: Tx, session: Pick<typeof sessions.$inferSelect, "teamId" | "visitorId">, by: EndedBy) {
  return by.kind === "visitor" ? { actorId: `visitor:${session.visitorId}`, actorEmail: null, detail: {} } : await actorOf(tx, session.teamId, by);
}

/**
 * The audit entry of a session's end, written in the transaction that ends it: who ended it (an agent,
 * the visitor, an API key, or nobody when the service timed it out) and how.
 */
export async function auditSessionEnd(tx: Tx, session: typeof sessions.$inferSelect, reason: EndReason, by: EndedBy): Promise<void> {
  const actor = await sessionActor(tx, session, by);
  await recordAudit(tx, {
    actorId: actor.actorId,
    actorEmail: actor.actorEmail,
    action: ACTION[reason],
    target: session.id,
    detail: { reason, ...actor.detail, session_id: session.id, visitor_id: session.visitorId, team: session.teamId, went_live: session.wentLive },
  });
}
