import { and, count, eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { sessions, teams } from "../core/schema";

/** How many of the team's sessions are ongoing now. */
export async function ongoingSessionCount(db: Db | Tx, teamId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.teamId, teamId), eq(sessions.status, "ongoing")));
  return Number(row.n);
}

export type SessionSlot = { ok: true } | { ok: false; limit: number };

/**
 * Inside the transaction that inserts a session: whether the team's concurrent-session limit leaves room
 * for one more. It locks the team's row until the transaction ends, so sessions started in parallel are
 * counted one after another and cannot all pass.
 */
export async function claimSessionSlot(tx: Tx, teamId: string): Promise<SessionSlot> {
  const [team] = await tx.select({ limit: teams.maxConcurrentSessions }).from(teams).where(eq(teams.id, teamId)).for("update");
  if (!team) return { ok: false, limit: 0 };
  return (await ongoingSessionCount(tx, teamId)) < team.limit ? { ok: true } : { ok: false, limit: team.limit };
}
