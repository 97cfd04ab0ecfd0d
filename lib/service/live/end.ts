import { and, eq, lt } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { sessions } from "../core/schema";
import type { EndedBy } from "../sessions/audit";
import { AGENT_GONE_MS, closeSession } from "../sessions/lifecycle";
import type { EndReason } from "../sessions/record";
import { findVisitor } from "../visitors/read";
import { forgetLiveSession } from "./consented-session";
import { liveRelay } from "./node-relay";
import { recordingStore } from "./recordings";

/**
 * Tells both sides of a session that it ended, then forgets what the relay kept of it. `askFeedback`:
 * the visitor's page asks them how the session went.
 */
async function announceSessionEnd(session: { id: string; visitorId: string }, reason: string, askFeedback = false): Promise<void> {
  forgetLiveSession(session.id);
  const relay = liveRelay();
  await relay.publishToSession(session.id, { type: "ended", reason });
  await relay.publishToVisitor(session.visitorId, { type: "ended", sessionId: session.id, reason, ...(askFeedback ? { askFeedback } : {}) });
  await relay.forgetSession(session.id);
  await recordingStore().finish(session.id);
}

/**
 * Ends an ongoing session (sessions/lifecycle.ts closes its record), then tells both sides. Returns false
 * when it had already ended.
 */
export async function endSession(db: Db, sessionId: string, reason: EndReason, by: EndedBy): Promise<boolean> {
  const ended = await closeSession(db, sessionId, reason, by);
  if (!ended) return false;
  // After the commit: the visitor's page and the agents' watch pages learn at once that it is over. The
  // end is recorded either way; a page that misses the message learns it from its next request.
  await announceSessionEnd(ended, reason, ended.askFeedback).catch((error) => console.error("live: announcing the end of a session failed", error));
  return true;
}

/** DELETE …/session with the API key `keyId`: ends the visitor's ongoing sessions (none is fine), 404 for an unknown visitor. */
export async function stopVisitorSession(db: Db, teamId: string, visitorId: string, keyId: string): Promise<number> {
  if (!(await findVisitor(db, teamId, visitorId))) throw new ServiceError("visitor_not_found", `No visitor ${visitorId}.`);
  const ongoing = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.teamId, teamId), eq(sessions.visitorId, visitorId), eq(sessions.status, "ongoing")));
  let ended = 0;
  for (const session of ongoing) if (await endSession(db, session.id, "api", { kind: "api_key", keyId })) ended++;
  return ended;
}

/** Ends the sessions whose agents have been gone for a minute. */
export async function endAbandonedSessions(db: Db, now = new Date()): Promise<number> {
  const abandoned = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.status, "ongoing"), lt(sessions.agentSeenAt, new Date(now.getTime() - AGENT_GONE_MS))));
  let ended = 0;
  for (const session of abandoned) if (await endSession(db, session.id, "agent_left", { kind: "service" })) ended++;
  return ended;
}
