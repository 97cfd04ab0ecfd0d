import { and, desc, eq } from "drizzle-orm";
import type { Visitor } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { ServiceError } from "../errors";
import { pageviews, visitors } from "../schema";
import { searchVisitors } from "../search";
import { visitorSessions, visitorsInSession } from "../sessions/load";
import type { Team } from "../teams";
import { toVisitorResource } from "./present";

export const HISTORY_LIMIT = 200;

export async function findVisitor(db: Db, teamId: string, shortId: string) {
  const [visitor] = await db
    .select()
    .from(visitors)
    .where(and(eq(visitors.teamId, teamId), eq(visitors.shortId, shortId)));
  return visitor;
}

/** GET visitor: every field, its sessions, and its pageviews when asked and the team collects them. */
export async function getVisitor(db: Db, team: Team, shortId: string, options: { withHistory: boolean }): Promise<Visitor> {
  const visitor = await findVisitor(db, team.id, shortId);
  if (!visitor) throw new ServiceError("visitor_not_found", `No visitor ${shortId}.`);
  const sessions = await visitorSessions(db, team, shortId);
  const history =
    options.withHistory && team.historyEnabled
      ? await db.select().from(pageviews).where(eq(pageviews.visitorId, shortId)).orderBy(desc(pageviews.visitedAt), desc(pageviews.id)).limit(HISTORY_LIMIT)
      : undefined;
  return toVisitorResource(visitor, {
    apiKey: team.publicKey,
    inSession: sessions.some((session) => session.ended_at === null),
    history,
    sessions,
  });
}

/** GET list: the search grammar, newest first. */
export async function listVisitors(db: Db, team: Team, options: { search?: string; maxResults?: number; online?: boolean }): Promise<Visitor[]> {
  const rows = await searchVisitors(db, team.id, options);
  const inSession = await visitorsInSession(
    db,
    team.id,
    rows.map((row) => row.shortId),
  );
  const now = new Date();
  return rows.map((row) => toVisitorResource(row, { apiKey: team.publicKey, inSession: inSession.has(row.shortId), now }));
}
