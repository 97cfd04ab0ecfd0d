import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { acquireDirLock } from "./lock";
import { PGlitePool } from "./pglite-pool";
import { GuardedPool } from "./postgres-pool";

/**
 * The query builder of both databases: node-postgres's, to PostgreSQL or to PGlite in its worker thread
 * (`$client`: the pool, node-postgres's or PGlitePool that answers as one).
 */
export type Db = NodePgDatabase & { $client: pg.Pool };

export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dir: string };

/** PostgreSQL when DATABASE_URL is set, else PGlite in PGLITE_DIR. */
export function databaseTarget(config: { DATABASE_URL?: string; PGLITE_DIR: string }): DatabaseTarget {
  return config.DATABASE_URL ? { kind: "postgres", url: config.DATABASE_URL } : { kind: "pglite", dir: config.PGLITE_DIR };
}

export interface Database {
  db: Db;
  target: DatabaseTarget;
  close(): Promise<void>;
}

const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");
// Several app nodes may start at once on PostgreSQL: one migrates, the others wait.
const MIGRATION_LOCK_KEY = 7_401_001;

/**
 * Applies pending migrations on a connection of their own, without the pool's time limits: an index built
 * on a large table takes minutes.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/**
 * Opens a database, takes the PGlite folder lock when needed, and applies pending migrations. `timeLimits`:
 * PostgreSQL's statements and lock waits are bounded (POSTGRES_LIMITS), as the server's requests need;
 * scripts that fill or migrate large tables open it without.
 */
export async function openDatabase(target: DatabaseTarget, options: { timeLimits?: boolean } = {}): Promise<Database> {
  if (target.kind === "postgres") {
    await migratePostgres(target.url);
    const pool = new GuardedPool(target.url, options.timeLimits ?? false);
    return { db: drizzlePg({ client: pool }), target, close: () => pool.end() };
  }

  fs.mkdirSync(path.dirname(target.dir), { recursive: true }); // PGlite does not create parents
  const release = acquireDirLock(target.dir);
  try {
    // In a worker thread: queries no longer take turns with every request on the server's thread.
    const pool = await PGlitePool.open(target.dir);
    const db = drizzlePg({ client: pool as unknown as pg.Pool });
    await migratePg(db, { migrationsFolder });
    // PGlite runs no autovacuum. Planner statistics (by which a search picks its way) are gathered now and
    // hourly; dead row versions (each heartbeat leaves one, and searches visit their index entries until
    // then) are vacuumed every ten minutes, pages without any being skipped.
    await pool.query("ANALYZE");
    const maintenance = [
      setInterval(() => void pool.query("ANALYZE").catch(() => undefined), 60 * 60_000),
      setInterval(() => void pool.query("VACUUM").catch(() => undefined), 10 * 60_000),
    ];
    for (const timer of maintenance) timer.unref();
    return {
      db,
      target,
      close: async () => {
        for (const timer of maintenance) clearInterval(timer);
        await pool.end();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** True when a query answers: the readiness check. */
export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}

/** A transaction of either driver: it has the query builder of `Db`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
