import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { consoleUsers, helpRequests } from "../schema";

/** A visitor seen waiting by a read of the queue: its id and, when the API gives it, when it asked. */
export interface WaitingVisitor {
  id: string;
  waitingSince: Date | null;
}

export interface HelpRequestRecord {
  visitorId: string;
  requestedAt: Date;
  claimedBy: { id: string; name: string } | null;
  claimedAt: Date | null;
}

/**
 * Brings the console's records in line with one read of the API's waiting visitors, and answers them
 * oldest first. Each visitor still waiting is marked seen (a new one recorded); a record is dropped once a
 * read that started after its last sighting no longer finds it, so two agents' reads racing each other
 * never drop a request one of them has just seen.
 */
export async function syncHelpRequests(db: Db, waiting: WaitingVisitor[], readAt: Date): Promise<HelpRequestRecord[]> {
  const ids = waiting.map((visitor) => visitor.id);
  await db.transaction(async (tx) => {
    if (waiting.length > 0) {
      await tx
        .insert(helpRequests)
        .values(waiting.map((visitor) => ({ visitorId: visitor.id, requestedAt: visitor.waitingSince ?? readAt, seenAt: readAt })))
        .onConflictDoUpdate({ target: helpRequests.visitorId, set: { seenAt: sql`greatest(${helpRequests.seenAt}, excluded.seen_at)` } });
    }
    const gone = ids.length > 0 ? notInArray(helpRequests.visitorId, ids) : undefined;
    await tx.delete(helpRequests).where(and(gone, lt(helpRequests.seenAt, readAt)));
  });
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      visitorId: helpRequests.visitorId,
      requestedAt: helpRequests.requestedAt,
      claimedAt: helpRequests.claimedAt,
      claimerId: consoleUsers.id,
      claimerName: consoleUsers.name,
    })
    .from(helpRequests)
    .leftJoin(consoleUsers, eq(consoleUsers.id, helpRequests.claimedBy))
    .where(inArray(helpRequests.visitorId, ids))
    .orderBy(asc(helpRequests.requestedAt), asc(helpRequests.visitorId));
  return rows.map((row) => ({
    visitorId: row.visitorId,
    requestedAt: row.requestedAt,
    claimedBy: row.claimerId ? { id: row.claimerId, name: row.claimerName ?? row.claimerId } : null,
    claimedAt: row.claimedAt,
  }));
}

export type ClaimOutcome = { ok: true } | { ok: false; claimedBy: string };

/**
 * One agent takes a waiting visitor: one statement, so of two agents claiming at once exactly one wins.
 * Claiming again one's own claim is a no-op success.
 */
export async function claimHelpRequest(db: Db, visitor: WaitingVisitor, userId: string, now = new Date()): Promise<ClaimOutcome> {
  const [claimed] = await db
    .insert(helpRequests)
    .values({ visitorId: visitor.id, requestedAt: visitor.waitingSince ?? now, seenAt: now, claimedBy: userId, claimedAt: now })
    .onConflictDoUpdate({
      target: helpRequests.visitorId,
      set: { claimedBy: userId, claimedAt: now },
      setWhere: or(isNull(helpRequests.claimedBy), eq(helpRequests.claimedBy, userId)),
    })
    .returning({ visitorId: helpRequests.visitorId });
  if (claimed) return { ok: true };
  const [holder] = await db
    .select({ name: consoleUsers.name })
    .from(helpRequests)
    .leftJoin(consoleUsers, eq(consoleUsers.id, helpRequests.claimedBy))
    .where(eq(helpRequests.visitorId, visitor.id));
  return { ok: false, claimedBy: holder?.name ?? "another agent" };
}

/** Hands a claimed request back to the queue; only its claimer can. True when there was one to hand back. */
export async function releaseHelpRequest(db: Db, visitorId: string, userId: string): Promise<boolean> {
  const released = await db
    .update(helpRequests)
    .set({ claimedBy: null, claimedAt: null })
    .where(and(eq(helpRequests.visitorId, visitorId), eq(helpRequests.claimedBy, userId)))
    .returning({ visitorId: helpRequests.visitorId });
  return released.length > 0;
}
