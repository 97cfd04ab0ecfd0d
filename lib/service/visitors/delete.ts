import { and, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { recordingChunks, sessions, visitors } from "../core/schema";
import { findVisitor } from "./read";

/** Bound parameters per statement stay far below PostgreSQL's 65,535 in a large purge. */
const IDS_PER_STATEMENT = 1000;

/**
 * A deleted visitor's recordings go with it: the recorded events of its sessions, and the sessions'
 * recording state, so their links answer 404. The sessions themselves stay, for usage and history.
 */
async function deleteRecordingsOf(tx: Tx, teamId: string, visitorIds: string[]): Promise<void> {
  for (let start = 0; start < visitorIds.length; start += IDS_PER_STATEMENT) {
    const ofVisitors = and(eq(sessions.teamId, teamId), inArray(sessions.visitorId, visitorIds.slice(start, start + IDS_PER_STATEMENT)));
    await tx.delete(recordingChunks).where(inArray(recordingChunks.sessionId, tx.select({ id: sessions.id }).from(sessions).where(ofVisitors)));
    await tx
      .update(sessions)
      .set({ videoStatus: null, videoUrl: null })
      .where(and(ofVisitors, sql`${sessions.videoStatus} is not null`));
  }
}

/**
 * Deletes a team's offline visitors matching `which`, with their recordings, in one transaction. The
 * offline condition is part of the DELETE itself: PostgreSQL re-checks it on any row a concurrent heartbeat
 * updated, so a visitor that comes online meanwhile is never removed. Answers how many were deleted.
 */
function deleteOffline(db: Db, teamId: string, which?: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    // A purge of many visitors may outlast a request's statement limit (lib/db/postgres-pool.ts).
    if (!which) await tx.execute(sql`set local statement_timeout = 0`);
    const rows = await tx
      .delete(visitors)
      .where(and(eq(visitors.teamId, teamId), which, lte(visitors.onlineUntil, sql`now()`)))
      .returning({ shortId: visitors.shortId });
    await deleteRecordingsOf(
      tx,
      teamId,
      rows.map((row) => row.shortId),
    );
    return rows.length;
  });
}

/** Deletes one visitor, only while offline, with its recordings. */
export async function deleteVisitor(db: Db, teamId: string, shortId: string): Promise<void> {
  if ((await deleteOffline(db, teamId, eq(visitors.shortId, shortId))) > 0) return;
  if (await findVisitor(db, teamId, shortId)) throw new ServiceError("visitor_online", "The visitor is online and can't be deleted.");
  throw new ServiceError("visitor_not_found", `No visitor ${shortId}.`);
}

/** Deletes every offline visitor of a team, with their recordings: a visitor that comes online during the purge is kept. */
export function purgeOfflineVisitors(db: Db, teamId: string): Promise<number> {
  return deleteOffline(db, teamId);
}
