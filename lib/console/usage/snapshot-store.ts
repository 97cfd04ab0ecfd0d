import "server-only";
import { asc, desc, gte, sql } from "drizzle-orm";
import { usageSchema, type Usage } from "@/lib/contract";
import type { Db, Tx } from "@/lib/db";
import { usageSnapshots } from "@/lib/console/schema";
import { shouldRecordSnapshot, USAGE_RANGES, type UsageRange, type UsageSnapshot } from "./snapshots";

// Held for the rest of the recording transaction, so app nodes recording at once store one snapshot.
const SNAPSHOT_LOCK_KEY = 7_401_003;

export async function latestSnapshotAt(db: Db | Tx): Promise<Date | null> {
  const [row] = await db.select({ at: usageSnapshots.at }).from(usageSnapshots).orderBy(desc(usageSnapshots.at)).limit(1);
  return row?.at ?? null;
}

/**
 * Stores the usage unless a snapshot from the last 5 minutes exists. A check and an insert in one
 * statement is not enough on PostgreSQL: under READ COMMITTED two app nodes both see no snapshot and both
 * insert. So the check runs again under a transaction-wide advisory lock, after any rival committed.
 */
export async function recordSnapshot(db: Db, usage: Usage, now = new Date()): Promise<boolean> {
  if (!shouldRecordSnapshot(await latestSnapshotAt(db), now)) return false; // the usual case: no lock
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SNAPSHOT_LOCK_KEY})`);
    if (!shouldRecordSnapshot(await latestSnapshotAt(tx), now)) return false;
    await tx.insert(usageSnapshots).values({ at: now, usage });
    return true;
  });
}

/** Snapshots since a time, oldest first; a row whose figures no longer read as Usage is skipped. */
export async function snapshotsSince(db: Db, since: Date): Promise<UsageSnapshot[]> {
  const rows = await db.select().from(usageSnapshots).where(gte(usageSnapshots.at, since)).orderBy(asc(usageSnapshots.at));
  return rows.flatMap((row) => {
    const usage = usageSchema.safeParse(row.usage);
    return usage.success ? [{ at: row.at, usage: usage.data }] : [];
  });
}

/** The snapshots of a chart range (the last 24 h, 7 or 30 days), oldest first. */
export function snapshotsOfRange(db: Db, range: UsageRange, now = new Date()): Promise<UsageSnapshot[]> {
  return snapshotsSince(db, new Date(now.getTime() - USAGE_RANGES[range].ms));
}
