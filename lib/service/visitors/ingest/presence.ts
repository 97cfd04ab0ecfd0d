import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
/** A visitor is online while its `online_until` is in the future; each heartbeat pushes it this far. */
export const ONLINE_SECONDS = 30;
/** How often the visitor script sends a heartbeat: twice per online window, so one lost beat is harmless. */
export const HEARTBEAT_SECONDS = 15;

export function onlineUntilFrom(now: Date): Date {
  return new Date(now.getTime() + ONLINE_SECONDS * 1000);
}

/**
 * `column` moved to `at` only if that is later: a write that waited (for a lock, for the database to come
 * back) never takes a visitor back in time over a later one (a heartbeat written meanwhile).
 */
export const notBefore = (column: AnyPgColumn, at: Date): SQL => sql`greatest(${column}, ${at.toISOString()}::timestamptz)`;
