import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { sessions, teams } from "../core/schema";
import { enqueueWebhook } from "../webhooks";
import { auditCall, auditSessionEnd, type EndedBy } from "./audit";
import { agentsBySession } from "./load";
import { toSessionResource } from "./present";
import { closedCall, type EndReason, type SessionRow } from "./record";

/** An agent gone this long (no stream, no request) ends the session. */
export const AGENT_GONE_MS = 60_000;

/**
 * Closes an ongoing session's record: records the end and its audit entry (`by` whom), ends its call, and
 * when the link asked for a webhook, puts the Session JSON in the delivery outbox, all in one
 * transaction, so an ended session always gets its audit entry and its webhook. Answers the ended row and
 * whether its visitor is asked how it went; null when it had already ended. Telling both sides is the
 * live side's (live/end.ts).
 */
export function closeSession(db: Db, sessionId: string, reason: EndReason, by: EndedBy): Promise<(SessionRow & { askFeedback: boolean }) | null> {
  return db.transaction(async (tx) => {
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
}
