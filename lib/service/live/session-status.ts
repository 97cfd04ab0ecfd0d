import "server-only";
import type { VisitorMessage, VisitorStatus } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { agentsBySession } from "../sessions/load";
import { loadSession, needsConsent, type SessionRow } from "../sessions/record";
import type { Team } from "../teams/team";
import { liveRelay } from "./node-relay";

/** The names the visitor and the watch pages show for the session's agents. */
async function agentNames(db: Db, sessionId: string): Promise<string[]> {
  return ((await agentsBySession(db, [sessionId])).get(sessionId) ?? []).map((agent) => agent.nickname || agent.name);
}

/** Tells the visitor's page that an agent is waiting for it (it asks for consent or starts sending). */
export async function announceSession(db: Db, session: SessionRow, team: Team): Promise<Extract<VisitorMessage, { type: "session" }>> {
  const names = await agentNames(db, session.id);
  return {
    type: "session",
    sessionId: session.id,
    // The newest to join: the person who took over from an automated agent, once one did.
    agentName: session.viewer?.name ?? names.at(-1) ?? "An agent",
    permissions: session.permissions,
    needsConsent: needsConsent(session, team),
  };
}

export async function visitorStatus(session: SessionRow, team: Team): Promise<VisitorStatus> {
  const relay = liveRelay();
  if (session.status === "ended") return "ended";
  if (!(await relay.visitorConnected(session.visitorId))) return session.wentLive ? "disconnected" : "waiting";
  if (needsConsent(session, team)) return "awaiting_authorization";
  return (await relay.hasSnapshot(session.id)) ? "live" : "waiting";
}

/** Sends the agents of the session the visitor's current status and who is in the session. */
export async function broadcastStatus(db: Db, sessionId: string): Promise<void> {
  const found = await loadSession(db, sessionId);
  if (!found) return;
  const status = await visitorStatus(found.session, found.team);
  const online = status !== "ended" && (await liveRelay().visitorConnected(found.session.visitorId));
  await liveRelay().publishToSession(sessionId, { type: "status", status, agents: await agentNames(db, sessionId), online });
}
