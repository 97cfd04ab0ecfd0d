import "server-only";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { env } from "@/lib/env";
import { databaseTarget, openDatabase, type Database, type Db } from "./connection";

export type { Db, Tx } from "./connection";

// The service and Next's bundles each load this module in one process; one connection must serve them all.
const slot = Symbol.for("tandem.database");
type Holder = { [slot]?: Promise<Database> };

/** The process's database, opened (and migrated) on first use: never at build time. */
export function database(): Promise<Database> {
  const holder = globalThis as Holder;
  holder[slot] ??= openDatabase(databaseTarget(env()), { timeLimits: true }).catch((error) => {
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

/** A statement drizzle built (`toSQL()`): its text and its parameters' values. */
export type BuiltQuery = { sql: string; params: unknown[] };

const dialect = new PgDialect();

/** A statement written as SQL (one the query builder cannot express), built as the builder's are. */
export const builtSql = (statement: SQL): BuiltQuery => dialect.sqlToQuery(statement);

/**
 * Runs a statement drizzle built through the driver itself, its rows as arrays of the driver's values;
 * with a `name`, prepared once per connection (the name must be the text's alone). For search, whose
 * statements are many a request and return hundreds of rows: drizzle would build a named dynamic
 * statement twice (once to name it) and map each value through its column, which took the server more
 * CPU than the rows took the database.
 */
export async function driverRows(db: Db, query: BuiltQuery, name?: string): Promise<unknown[][]> {
  // The values apart from the config: PGlitePool, like node-postgres, takes them so.
  const { rows } = await db.$client.query<unknown[]>({ text: query.sql, rowMode: "array", ...(name ? { name } : {}) }, query.params);
  return rows;
}
