import "server-only";
import { asc, desc, gte, sql } from "drizzle-orm";
import { usageSchema, type Usage } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { usageSnapshots } from "@/lib/console/schema";
import { SNAPSHOT_INTERVAL_MS, shouldRecordSnapshot, USAGE_RANGES, type UsageRange, type UsageSnapshot } from "./snapshots";

export async function latestSnapshotAt(db: Db): Promise<Date | null> {
  const [row] = await db.select({ at: usageSnapshots.at }).from(usageSnapshots).orderBy(desc(usageSnapshots.at)).limit(1);
  return row?.at ?? null;
}

/**
 * Stores the usage unless a snapshot from the last 5 minutes exists. The check and the insert are one
 * statement, so a page view and the background timer landing together still store one row.
 */
export async function recordSnapshot(db: Db, usage: Usage, now = new Date()): Promise<boolean> {
  if (!shouldRecordSnapshot(await latestSnapshotAt(db), now)) return false;
  const since = new Date(now.getTime() - SNAPSHOT_INTERVAL_MS);
  const result = await db.execute(sql`
    insert into ${usageSnapshots} (at, usage)
    select ${now.toISOString()}::timestamptz, ${JSON.stringify(usage)}::jsonb
    where not exists (select 1 from ${usageSnapshots} where at > ${since.toISOString()}::timestamptz)
    returning id
  `);
  // rows (not rowCount): PGlite and node-postgres both fill it.
  return result.rows.length > 0;
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
