import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { processCache } from "@/lib/process-cache";
import { sessions, teams } from "../core/schema";
import type { Team } from "../teams/team";

/**
 * The session's row: its loaders and the writers of its fields (live, recording, features used, consent,
 * the call going on). What the live side says about a session (its status, its announcement) is in live/.
 */
export type SessionRow = typeof sessions.$inferSelect;

/** Who or what ended a session; `declined` = the visitor refused the consent prompt (never went live). */
export type EndReason = "api" | "agent" | "visitor" | "declined" | "agent_left" | "visitor_deleted";

export async function loadSession(db: Db, sessionId: string): Promise<{ session: SessionRow; team: Team } | null> {
  const [row] = await db
    .select({ session: sessions, team: teams })
    .from(sessions)
    .innerJoin(teams, eq(teams.id, sessions.teamId))
    .where(eq(sessions.id, sessionId));
  return row ?? null;
}

/** The visitor's ongoing session, if an agent has opened one. */
export async function ongoingSessionOf(db: Db, visitorId: string): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.visitorId, visitorId), eq(sessions.status, "ongoing")))
    .orderBy(desc(sessions.startedAt))
    .limit(1);
  return row ?? null;
}

/** The visitor's session `sessionId`, which must be ongoing: 409 once it has ended, 404 when it is not the visitor's. */
export async function visitorSession(db: Db, visitorId: string, sessionId: string): Promise<{ session: SessionRow; team: Team }> {
  const found = await loadSession(db, sessionId);
  if (!found || found.session.visitorId !== visitorId) throw new ServiceError("not_found", `No session ${sessionId} for this visitor.`);
  if (found.session.status !== "ongoing") throw new ServiceError("session_ended", "The session has ended.");
  return found;
}

export function needsConsent(session: SessionRow, team: Team): boolean {
  return team.requireAuthorization && !session.sessionAuthorized;
}

/** The first of the visitor's page to reach the service: the session went live. */
export async function markLive(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ liveAt: sql`coalesce(${sessions.liveAt}, now())`, wentLive: true })
    .where(eq(sessions.id, sessionId));
}

/** The team records sessions; the Session's video_url (minted when read, see present.ts) points to its replay. */
export async function markRecording(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ videoStatus: "recording" })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.videoStatus)));
}

/** Tools already written to a session's `features_used` by this node (the write is idempotent anyway). */
const recordedFeatures = () => processCache<{ recorded: true }>("recorded-features", 60 * 60_000);

/** Adds a tool to the session's `features_used` once (repeats cost no write). */
export async function recordFeature(db: Db, sessionId: string, feature: string): Promise<void> {
  const key = `${sessionId}:${feature}`;
  if (recordedFeatures().has(key)) return;
  await db
    .update(sessions)
    .set({
      featuresUsed: sql`case when ${feature} = any(${sessions.featuresUsed}) then ${sessions.featuresUsed} else array_append(${sessions.featuresUsed}, ${feature}::text) end`,
    })
    .where(eq(sessions.id, sessionId));
  recordedFeatures().set(key, { recorded: true });
}

/**
 * Records the visitor's answer to the consent prompt. Declining ends the session (audited with the end);
 * accepting is audited once, in the same transaction, so the session's timeline says when.
 */
export async function recordConsent(db: Db, session: SessionRow, accepted: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(sessions)
      .set({ sessionAuthorized: accepted })
      .where(and(eq(sessions.id, session.id), eq(sessions.sessionAuthorized, !accepted)))
      .returning({ id: sessions.id });
    if (!changed || !accepted) return;
    await recordAudit(tx, {
      actorId: `visitor:${session.visitorId}`,
      action: "session_accepted",
      target: session.id,
      detail: { session_id: session.id, visitor_id: session.visitorId, team: session.teamId },
    });
  });
}

/** Sets that fold the call going on (if any) into the session's call length and clear it, as of `at`. */
export function closedCall(at: Date) {
  return {
    callSeconds: sql<number>`${sessions.callSeconds} + coalesce(greatest(0, round(extract(epoch from (${at.toISOString()}::timestamptz - ${sessions.callAcceptedAt}))))::int, 0)`,
    callId: null,
    callState: null,
    callAcceptedAt: null,
  };
}
