import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { auditEvents } from "@/lib/audit/schema";
import type { SessionActor, SessionEvent } from "@/lib/contract";
import type { Db } from "@/lib/db";
import type { agents, sessions } from "../core/schema";

type SessionRow = typeof sessions.$inferSelect;
type AgentRow = typeof agents.$inferSelect;
type AuditRow = Pick<typeof auditEvents.$inferSelect, "at" | "action" | "actorId" | "detail">;

/** The audit actions the service writes about a session (its target), as timeline events. */
const EVENT_OF: Record<string, SessionEvent["event"]> = {
  session_accepted: "accepted",
  call_started: "call_started",
  call_accepted: "call_accepted",
  call_declined: "call_declined",
  call_ended: "call_ended",
  session_declined: "ended",
  session_ended_by_agent: "ended",
  session_stopped_by_visitor: "ended",
  session_ended_by_api: "ended",
  session_timed_out: "ended",
  session_ended_visitor_deleted: "ended",
};

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** Who acted, as the audit entry names them (lib/service/sessions/end-audit.ts). */
function actorOf(row: AuditRow): SessionActor {
  if (row.actorId?.startsWith("agent:")) return { kind: "agent", name: text(row.detail.agent) };
  if (row.actorId?.startsWith("api_key:")) return { kind: "api_key", name: text(row.detail.api_key) };
  if (row.actorId?.startsWith("visitor:")) return { kind: "visitor", name: null };
  return { kind: "service", name: null };
}

/** The end of a session recorded before its audit entries were read here: who, from its end_reason alone. */
function endActor(reason: string | null, agent: AgentRow | undefined): SessionActor {
  if (reason === "agent") return { kind: "agent", name: agent?.name ?? null };
  if (reason === "visitor" || reason === "declined") return { kind: "visitor", name: null };
  if (reason === "api") return { kind: "api_key", name: null };
  return { kind: "service", name: null };
}

/**
 * What happened in a session, oldest first: the agent asked, the audit log's entries for it (the
 * visitor's answer, each call's steps, the end and who ended it), and when the page first reached the
 * agent. A declined session shows `declined` and its end.
 */
export async function sessionTimeline(db: Db, session: SessionRow, sessionAgents: AgentRow[]): Promise<SessionEvent[]> {
  const rows = await db
    .select({ at: auditEvents.at, action: auditEvents.action, actorId: auditEvents.actorId, detail: auditEvents.detail })
    .from(auditEvents)
    .where(and(eq(auditEvents.target, session.id), inArray(auditEvents.action, Object.keys(EVENT_OF))))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  const first = sessionAgents[0];
  const events: SessionEvent[] = [{ at: session.startedAt.toISOString(), event: "asked", by: { kind: "agent", name: first?.name ?? null } }];
  if (session.liveAt) events.push({ at: session.liveAt.toISOString(), event: "live", by: { kind: "visitor", name: null } });
  for (const row of rows) {
    const event = EVENT_OF[row.action];
    // The visitor answers the consent prompt once; a repeated answer adds nothing.
    if (event === "accepted" && events.some((known) => known.event === "accepted")) continue;
    const at = row.at.toISOString();
    if (row.action === "session_declined") events.push({ at, event: "declined", by: { kind: "visitor", name: null } });
    events.push({
      at,
      event,
      by: actorOf(row),
      ...(event === "ended" ? { end_reason: text(row.detail.reason) ?? session.endReason } : {}),
      ...(event === "call_ended" && typeof row.detail.seconds === "number" ? { seconds: Math.max(0, Math.round(row.detail.seconds)) } : {}),
    });
  }
  if (session.endedAt && !events.some((known) => known.event === "ended")) {
    if (session.endReason === "declined") events.push({ at: session.endedAt.toISOString(), event: "declined", by: { kind: "visitor", name: null } });
    events.push({ at: session.endedAt.toISOString(), event: "ended", by: endActor(session.endReason, first), end_reason: session.endReason });
  }
  // Stable: events of the same instant keep the order they were added in.
  return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
