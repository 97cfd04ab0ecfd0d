import { and, desc, eq, sql } from "drizzle-orm";
import type { Visitor } from "@/lib/contract";
import { preparedFor, type Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { pageviews, sessions as sessionsTable, visitors } from "../core/schema";
import type { Team } from "../teams/team";
import { toVisitorResource } from "../visitors/present";
import { visitorSessions } from "./load";

export const HISTORY_LIMIT = 200;

const visitorById = preparedFor((db) =>
  db
    .select({ visitor: visitors, hadSessions: sql<boolean>`exists (select 1 from ${sessionsTable} where ${sessionsTable.visitorId} = ${visitors.shortId})` })
    .from(visitors)
    .where(and(eq(visitors.teamId, sql.placeholder("teamId")), eq(visitors.shortId, sql.placeholder("shortId"))))
    .prepare("visitor_by_id"),
);

/**
 * GET visitor: every field, its sessions, and its pageviews when asked and the team collects them. Most
 * visitors never had a session: the visitor's row says so itself, and then it is the one statement. (A
 * Visitor carries its sessions, so it is read here, above visitors/.)
 */
export async function getVisitor(db: Db, team: Team, shortId: string, options: { withHistory: boolean }): Promise<Visitor> {
  const [found] = await visitorById(db).execute({ teamId: team.id, shortId });
  if (!found) throw new ServiceError("visitor_not_found", `No visitor ${shortId}.`);
  const { visitor } = found;
  const sessions = found.hadSessions ? await visitorSessions(db, team, shortId) : [];
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
