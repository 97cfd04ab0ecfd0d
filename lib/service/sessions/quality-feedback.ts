import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { FeedbackAnswer, QualityFeedback } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { sessions, type StoredFeedback } from "../core/schema";
import { loadSession } from "./record";

/** Who answers: an agent of the session (by id), or its visitor. */
export type FeedbackGiver = { from: "agent"; agentId: string } | { from: "visitor" };

/** The Session's `quality_feedback`, each agent's answer naming which of the Session's agents gave it. */
export function qualityFeedbackOf(entries: readonly StoredFeedback[]): QualityFeedback[] {
  return entries.map((entry) => ({ from: entry.from, rating: entry.rating, comment: entry.comment, created_at: entry.created_at, agent_id: entry.agent_id }));
}

/** Whether this agent has already answered for the session. */
export function agentGaveFeedback(entries: readonly StoredFeedback[], agentId: string): boolean {
  return entries.some((entry) => entry.from === "agent" && entry.agent_id === agentId);
}

/**
 * Adds an answer to "How did this session go?" to an ended session: once per agent, once for the
 * visitor. One conditional UPDATE appends it, so two answers sent at once cannot both count.
 */
export async function addQualityFeedback(db: Db, sessionId: string, giver: FeedbackGiver, answer: FeedbackAnswer, now = new Date()): Promise<void> {
  const entry: StoredFeedback = {
    from: giver.from,
    agent_id: giver.from === "agent" ? giver.agentId : null,
    rating: answer.rating,
    comment: answer.comment?.trim() ? answer.comment.trim() : null,
    created_at: now.toISOString(),
  };
  const same = giver.from === "agent" ? { from: "agent", agent_id: giver.agentId } : { from: "visitor" };
  const [added] = await db
    .update(sessions)
    .set({ qualityFeedback: sql`${sessions.qualityFeedback} || ${JSON.stringify([entry])}::jsonb` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.status, "ended"), sql`not (${sessions.qualityFeedback} @> ${JSON.stringify([same])}::jsonb)`))
    .returning({ id: sessions.id });
  if (added) return;
  const [session] = await db.select({ status: sessions.status }).from(sessions).where(eq(sessions.id, sessionId));
  if (!session) throw new ServiceError("not_found", "The session no longer exists.");
  if (session.status !== "ended") throw new ServiceError("session_ongoing", "Feedback is given once the session has ended.");
  throw new ServiceError("feedback_sent", "Feedback for this session has already been sent.");
}

/** The visitor's answer: only to their own session that went live, and only when the team asks its visitors. */
export async function addVisitorFeedback(db: Db, visitorId: string, sessionId: string, answer: FeedbackAnswer): Promise<void> {
  const found = await loadSession(db, sessionId);
  if (!found || found.session.visitorId !== visitorId) throw new ServiceError("not_found", `No session ${sessionId} for this visitor.`);
  if (!found.team.visitorFeedbackEnabled) throw new ServiceError("permission_denied", "The team does not ask its visitors for feedback.");
  // A session the visitor declined, or whose page never connected, had nothing to rate: a rating of it
  // would only count against the agent's average.
  if (!found.session.wentLive) throw new ServiceError("permission_denied", "The session never went live: there is nothing to rate.");
  await addQualityFeedback(db, sessionId, { from: "visitor" }, answer);
}
