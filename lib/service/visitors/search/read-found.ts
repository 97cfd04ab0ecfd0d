import { and, eq, sql } from "drizzle-orm";
import { preparedFor, type Db } from "@/lib/db";
import { visitors } from "../../core/schema";
import { shownVisitorColumns, type VisitorRow } from "../present";

export type Found = { visitor: VisitorRow; inSession: boolean };

// Written out: drizzle leaves a subquery's columns unqualified, and sessions has a team_id of its own.
const inSession = sql<boolean>`exists (select 1 from sessions as live where live.visitor_id = "visitors"."short_id" and live.team_id = "visitors"."team_id" and live.status = 'ongoing')`;

/**
 * The one statement that reads found visitors whole: its text is built once and its plan kept (a look-up
 * of the primary key per id), however the search found them.
 */
const foundById = preparedFor((db) =>
  db
    .select({ visitor: shownVisitorColumns, inSession })
    .from(visitors)
    .where(and(eq(visitors.teamId, sql.placeholder("teamId")), sql`${visitors.shortId} = any(${sql.placeholder("ids")}::text[])`))
    .prepare("search_found_by_id"),
);

/** The team's visitors of these ids, whole and in the order of the ids; an id deleted meanwhile is left out. */
export async function readFound(db: Db, teamId: string, ids: string[]): Promise<Found[]> {
  if (ids.length === 0) return [];
  const rows = await foundById(db).execute({ teamId, ids });
  const byId = new Map(rows.map((row) => [row.visitor.shortId, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
