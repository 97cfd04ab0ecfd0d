import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { auditCall, closedCall } from "../live/calls";
import { announceSessionEnd } from "../live/end";
import { sessions, teams } from "../core/schema";
import { findVisitor } from "../visitors/read";
import { enqueueWebhook } from "../webhooks";
import { auditSessionEnd, type EndedBy } from "./end-audit";
import { agentsBySession } from "./load";
import { toSessionResource } from "./present";

/** Who or what ended a session; `declined` = the visitor refused the consent prompt (never went live). */
export type EndReason = "api" | "agent" | "visitor" | "declined" | "agent_left" | "visitor_deleted";

/** An agent gone this long (no stream, no request) ends the session. */
export const AGENT_GONE_MS = 60_000;

/**
 * Ends an ongoing session: records the end and its audit entry (`by` whom), and when the link asked for a
 * webhook, puts the Session JSON in the delivery outbox, all in one transaction, so an ended session
 * always gets its audit entry and its webhook. Returns false when it had already ended.
 */
export async function endSession(db: Db, sessionId: string, reason: EndReason, by: EndedBy): Promise<boolean> {
  const ended = await db.transaction(async (tx) => {
    const endedAt = new Date();
    // The session's call, if one rings or goes on, ends with it (locked, so no answer to it slips in between).
    const [call] = await tx
      .select({ id: sessions.callId, state: sessions.callState, seconds: sessions.callSeconds })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .for("update");
    const [ended] = await tx
      .update(sessions)
      // A recorded session's replay is complete once it ends (its last events are written just after).
      .set({
        ...closedCall(endedAt),
        status: "ended",
        endedAt,
        endReason: reason,
        videoStatus: sql`case when ${sessions.videoStatus} = 'recording' then 'ready' else ${sessions.videoStatus} end`,
      })
      .where(and(eq(sessions.id, sessionId), eq(sessions.status, "ongoing")))
      .returning();
    if (!ended) return null;
    if (call?.id && call.state) await auditCall(tx, ended, "call_ended", call.id, by, { seconds: ended.callSeconds - call.seconds, session_ended: reason });
    await auditSessionEnd(tx, ended, reason, by);
    const [team] = await tx.select().from(teams).where(eq(teams.id, ended.teamId));
    if (ended.webhookUrl) {
      const agentsOf = await agentsBySession(tx as unknown as Db, [ended.id]);
      const payload = toSessionResource(ended, agentsOf.get(ended.id) ?? [], team);
      await enqueueWebhook(tx as unknown as Db, { teamId: ended.teamId, sessionId: ended.id, url: ended.webhookUrl, payload });
    }
    // The visitor is asked only about a session in which an agent saw their page, and not after declining it.
    return { ...ended, askFeedback: team.visitorFeedbackEnabled && ended.wentLive && reason !== "declined" && reason !== "visitor_deleted" };
  });
  if (!ended) return false;
  // After the commit: the visitor's page and the agents' watch pages learn at once that it is over. The
  // end is recorded either way; a page that misses the message learns it from its next request.
  await announceSessionEnd(ended, reason, ended.askFeedback).catch((error) => console.error("live: announcing the end of a session failed", error));
  return true;
}

/** DELETE …/session with the API key `keyId`: ends the visitor's ongoing sessions (none is fine), 404 for an unknown visitor. */
export async function stopVisitorSession(db: Db, teamId: string, visitorId: string, keyId: string): Promise<number> {
  if (!(await findVisitor(db, teamId, visitorId))) throw new ServiceError("visitor_not_found", `No visitor ${visitorId}.`);
  const ongoing = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.teamId, teamId), eq(sessions.visitorId, visitorId), eq(sessions.status, "ongoing")));
  let ended = 0;
  for (const session of ongoing) if (await endSession(db, session.id, "api", { kind: "api_key", keyId })) ended++;
  return ended;
}

/** Ends the sessions whose agents have been gone for a minute. */
export async function endAbandonedSessions(db: Db, now = new Date()): Promise<number> {
  const abandoned = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.status, "ongoing"), lt(sessions.agentSeenAt, new Date(now.getTime() - AGENT_GONE_MS))));
  let ended = 0;
  for (const session of abandoned) if (await endSession(db, session.id, "agent_left", { kind: "service" })) ended++;
  return ended;
}
