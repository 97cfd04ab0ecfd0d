import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { ServiceError } from "../errors";
import { visitors } from "../schema";
import { findVisitor } from "./read";

/**
 * Deletes one visitor, only while offline. The condition is part of the DELETE itself, so a visitor
 * that comes online between a check and the delete is never removed.
 */
export async function deleteVisitor(db: Db, teamId: string, shortId: string): Promise<void> {
  const deleted = await db
    .delete(visitors)
    .where(and(eq(visitors.teamId, teamId), eq(visitors.shortId, shortId), lte(visitors.onlineUntil, sql`now()`)))
    .returning({ shortId: visitors.shortId });
  if (deleted.length > 0) return;
  if (await findVisitor(db, teamId, shortId)) throw new ServiceError("visitor_online", "The visitor is online and can't be deleted.");
  throw new ServiceError("visitor_not_found", `No visitor ${shortId}.`);
}

/**
 * Deletes every offline visitor of a team in one statement: PostgreSQL re-checks the condition on any
 * row a concurrent heartbeat updated, so a visitor that comes online during the purge is kept.
 */
export async function purgeOfflineVisitors(db: Db, teamId: string): Promise<number> {
  const deleted = await db
    .delete(visitors)
    .where(and(eq(visitors.teamId, teamId), lte(visitors.onlineUntil, sql`now()`)))
    .returning({ shortId: visitors.shortId });
  return deleted.length;
}
