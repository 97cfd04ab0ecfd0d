import "server-only";
import { and, eq } from "drizzle-orm";
import type { Session, SessionFeedbackRequest, SessionUpdate } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { sessions } from "../core/schema";
import type { Team } from "../teams/team";
import { saveAgentNotes } from "./agent-notes";
import { agentsBySession } from "./load";
import { toSessionResource } from "./present";
import { addQualityFeedback } from "./quality-feedback";
import { sessionTimeline } from "./timeline";

async function teamSession(db: Db, team: Team, sessionId: string) {
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.teamId, team.id)));
  if (!session) throw new ServiceError("session_not_found", `No session ${sessionId}.`);
  return session;
}

/** GET /v1.3/sessions/{id}: one of the team's sessions, with its agents and its timeline. */
export async function getSession(db: Db, team: Team, sessionId: string): Promise<Session> {
  const session = await teamSession(db, team, sessionId);
  const agents = (await agentsBySession(db, [session.id])).get(session.id) ?? [];
  return { ...toSessionResource(session, agents, team), timeline: await sessionTimeline(db, session, agents) };
}

/** PATCH /v1.3/sessions/{id}: the notes as they stand now. Cleared notes stay cleared (the link's initial notes do not come back). */
export async function updateSession(db: Db, team: Team, sessionId: string, update: SessionUpdate): Promise<Session> {
  await teamSession(db, team, sessionId);
  await saveAgentNotes(db, sessionId, update.agent_notes?.trim() ? update.agent_notes : "");
  return getSession(db, team, sessionId);
}

/** POST /v1.3/sessions/{id}/feedback: an agent of the session rates it, named as their watch link named them or by their id. */
export async function rateSessionAsAgent(db: Db, team: Team, sessionId: string, request: SessionFeedbackRequest): Promise<Session> {
  await teamSession(db, team, sessionId);
  const agents = (await agentsBySession(db, [sessionId])).get(sessionId) ?? [];
  const agent = agents.find((candidate) => candidate.id === request.agent_id || candidate.externalId === request.agent_id);
  if (!agent) throw new ServiceError("permission_denied", "Only an agent of the session rates it.");
  await addQualityFeedback(db, sessionId, { from: "agent", agentId: agent.id }, { rating: request.rating, comment: request.comment });
  return getSession(db, team, sessionId);
}
