import { sql } from "drizzle-orm";
import type { Db } from "./connection";

// Beside the keys of the migration lock (connection.ts), lookup codes and usage snapshots.
const STARTUP_LOCK_KEY = 7_401_004;

/**
 * Runs a node's start-up provisioning (first team, keys, admin, demo data) in one transaction holding a
 * transaction-scoped advisory lock: several nodes starting at once take turns, and the later ones find
 * what the first one made.
 */
export async function underStartupLock(db: Db, work: (db: Db) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`);
    await work(tx as unknown as Db);
  });
}
