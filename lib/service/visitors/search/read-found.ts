import { and, eq, fillPlaceholders, sql } from "drizzle-orm";
import { driverRows, preparedFor, type Db } from "@/lib/db";
import { visitors } from "../../core/schema";
import { shownVisitorColumns, type VisitorRow } from "../present";

export type Found = { visitor: VisitorRow; inSession: boolean };

// Written out: drizzle leaves a subquery's columns unqualified, and sessions has a team_id of its own.
const inSession = sql<boolean>`exists (select 1 from sessions as live where live.visitor_id = "visitors"."short_id" and live.team_id = "visitors"."team_id" and live.status = 'ongoing')`;

const shown = Object.entries(shownVisitorColumns);

/**
 * The one statement that reads found visitors whole: its text is built once and its plan kept (a look-up
 * of the primary key per id), however the search found them. Its columns are the shown ones in order,
 * then inSession.
 */
const foundById = preparedFor((db) =>
  db
    .select({ ...shownVisitorColumns, inSession })
    .from(visitors)
    .where(and(eq(visitors.teamId, sql.placeholder("teamId")), sql`${visitors.shortId} = any(${sql.placeholder("ids")}::text[])`))
    .toSQL(),
);

/**
 * A row's values as VisitorRow. Timestamps come as Dates from node-postgres and as text from PGlite's
 * worker (drizzle's own reading of the column turns that into a Date); every other value is as read.
 */
function toFound(values: unknown[]): Found {
  const visitor: Record<string, unknown> = {};
  shown.forEach(([key, column], i) => {
    const value = values[i];
    visitor[key] = typeof value === "string" && column.dataType === "date" ? column.mapFromDriverValue(value) : value;
  });
  return { visitor: visitor as VisitorRow, inSession: values[shown.length] === true };
}

/** The team's visitors of these ids, whole and in the order of the ids; an id deleted meanwhile is left out. */
export async function readFound(db: Db, teamId: string, ids: string[]): Promise<Found[]> {
  if (ids.length === 0) return [];
  const query = foundById(db);
  const rows = (await driverRows(db, { sql: query.sql, params: fillPlaceholders(query.params, { teamId, ids }) }, "search_found_by_id")).map(toFound);
  const byId = new Map(rows.map((row) => [row.visitor.shortId, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
