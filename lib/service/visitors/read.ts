import { and, eq } from "drizzle-orm";
import type { Visitor } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { visitors } from "../core/schema";
import type { Team } from "../teams/team";
import { toVisitorResource } from "./present";
import { searchVisitors } from "./search";

export async function findVisitor(db: Db, teamId: string, shortId: string) {
  const [visitor] = await db
    .select()
    .from(visitors)
    .where(and(eq(visitors.teamId, teamId), eq(visitors.shortId, shortId)));
  return visitor;
}

/** GET list: the search grammar, newest first. */
export async function listVisitors(db: Db, team: Team, options: { search?: string; maxResults?: number; online?: boolean }): Promise<Visitor[]> {
  const rows = await searchVisitors(db, team.id, options);
  const now = new Date();
  return rows.map((row) => {
    const visitor = toVisitorResource(row, { apiKey: team.publicKey, inSession: row.inSession, now });
    return row.searchMatch.fields.length > 0 ? Object.assign(visitor, { search_match: row.searchMatch }) : visitor;
  });
}
