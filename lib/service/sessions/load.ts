import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Session } from "@/lib/contract";
import { preparedFor, type Db } from "@/lib/db";
import { agents, sessionAgents, sessions } from "../core/schema";
import type { Team } from "../teams/team";
import { toSessionResource } from "./present";

type SessionRow = typeof sessions.$inferSelect;
type AgentRow = typeof agents.$inferSelect;

/** The agents of each session, in one query. */
export async function agentsBySession(db: Db, sessionIds: string[]): Promise<Map<string, AgentRow[]>> {
  const bySession = new Map<string, AgentRow[]>();
  if (sessionIds.length === 0) return bySession;
  const rows = await db
    .select({ sessionId: sessionAgents.sessionId, agent: agents })
    .from(sessionAgents)
    .innerJoin(agents, eq(agents.id, sessionAgents.agentId))
    .where(inArray(sessionAgents.sessionId, sessionIds))
    .orderBy(sessionAgents.joinedAt);
  for (const row of rows) bySession.set(row.sessionId, [...(bySession.get(row.sessionId) ?? []), row.agent]);
  return bySession;
}

export async function presentSessions(db: Db, rows: SessionRow[], team: Team): Promise<Session[]> {
  const agentsOf = await agentsBySession(
    db,
    rows.map((row) => row.id),
  );
  const now = new Date();
  return rows.map((row) => toSessionResource(row, agentsOf.get(row.id) ?? [], team, now));
}

export const SESSIONS_PER_RESOURCE = 100;

const latestSessionsOfVisitor = preparedFor((db) => {
  const latest = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.teamId, sql.placeholder("teamId")), eq(sessions.visitorId, sql.placeholder("visitorId"))))
    .orderBy(desc(sessions.startedAt))
    .limit(SESSIONS_PER_RESOURCE);
  return db
    .select({ session: sessions, agent: agents })
    .from(sessions)
    .leftJoin(sessionAgents, eq(sessionAgents.sessionId, sessions.id))
    .leftJoin(agents, eq(agents.id, sessionAgents.agentId))
    .where(inArray(sessions.id, latest))
    .orderBy(desc(sessions.startedAt), sessions.id, sessionAgents.joinedAt)
    .prepare("latest_sessions_of_visitor");
});

/** A visitor's latest sessions with their agents, in one statement. */
export async function visitorSessions(db: Db, team: Team, visitorId: string): Promise<Session[]> {
  const rows = await latestSessionsOfVisitor(db).execute({ teamId: team.id, visitorId });
  const bySession = new Map<string, { session: SessionRow; agents: AgentRow[] }>();
  for (const { session, agent } of rows) {
    const entry = bySession.get(session.id) ?? { session, agents: [] };
    if (agent) entry.agents.push(agent);
    bySession.set(session.id, entry);
  }
  const now = new Date();
  return [...bySession.values()].map((entry) => toSessionResource(entry.session, entry.agents, team, now));
}

export async function agentSessions(db: Db, team: Team, agentId: string): Promise<Session[]> {
  const rows = await db
    .select({ session: sessions })
    .from(sessionAgents)
    .innerJoin(sessions, eq(sessions.id, sessionAgents.sessionId))
    .where(and(eq(sessionAgents.agentId, agentId), eq(sessions.teamId, team.id)))
    .orderBy(desc(sessions.startedAt))
    .limit(SESSIONS_PER_RESOURCE);
  return presentSessions(
    db,
    rows.map((row) => row.session),
    team,
  );
}
