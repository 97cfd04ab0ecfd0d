import "server-only";
import { env } from "@/lib/env";
import { databaseTarget, openDatabase, type Database, type Db } from "./connection";

export type { Db, Tx } from "./connection";

// The service and Next's bundles each load this module in one process; one connection must serve them all.
const slot = Symbol.for("tandem.database");
type Holder = { [slot]?: Promise<Database> };

/** The process's database, opened (and migrated) on first use: never at build time. */
export function database(): Promise<Database> {
  const holder = globalThis as Holder;
  holder[slot] ??= openDatabase(databaseTarget(env())).catch((error) => {
    delete holder[slot];
    throw error;
  });
  return holder[slot];
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as Holder;
  const open = holder[slot];
  delete holder[slot];
  if (open) await (await open).close();
}

/**
 * A statement prepared once per database: drizzle builds its SQL once, and the database keeps its plan
 * (a named statement, on each PostgreSQL connection and in PGlite's session). For the hottest reads.
 */
export function preparedFor<T>(prepare: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) prepared.set(db, (statement = prepare(db)));
    return statement;
  };
}
