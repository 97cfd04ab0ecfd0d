import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { AgentCallAnswer, AgentCallRequest, CallToAgent, CallToVisitor, IceConfig, VisitorCallRequest } from "@/lib/contract/call";
import type { Db, Tx } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { newId } from "../core/ids";
import { sessions } from "../core/schema";
import { auditCall, type EndedBy } from "../sessions/audit";
import { effectivePermissions } from "../sessions/permissions";
import { closedCall, loadSession, recordFeature, visitorSession, type SessionRow } from "../sessions/record";
import type { Team } from "../teams/team";
import { iceConfigFor } from "./ice-servers";
import { liveRelay } from "./node-relay";
import { announceSession, visitorStatus } from "./session-status";
import type { ViewerClaims } from "./viewer-token";

/**
 * Voice calls inside a live session. The session's row holds the call that rings or goes on (its id,
 * state and when the visitor accepted) and the length of the calls that ended; the messages travel on
 * the session's channels of the relay, so both sides meet whichever app node each reached.
 */

type CallState = "ringing" | "active";
type Found = { session: SessionRow; team: Team };

/**
 * The session, if a call may go on in it: ongoing (else 404 or 409), its watch link allowing audio, and,
 * unless `anyState`, live (the visitor's page connected and shared); else 403.
 */
async function callable(found: Found | null, anyState = false): Promise<Found> {
  if (!found) throw new ServiceError("not_found", "No such session.");
  if (found.session.status !== "ongoing") throw new ServiceError("session_ended", "The session has ended.");
  if (!effectivePermissions(found.session.permissions).allow_audio) throw new ServiceError("permission_denied", "The watch link does not allow audio.");
  if (!anyState && (await visitorStatus(found.session, found.team)) !== "live") {
    throw new ServiceError("permission_denied", "The session is not live: a call starts once the visitor's page is shared.");
  }
  return found;
}

/** Moves the session's call `callId` from one of `from` to what `set` says; 404 when it is not in such a state. */
async function transition(tx: Tx, sessionId: string, callId: string, from: CallState[], set: PgUpdateSetSource<typeof sessions>): Promise<SessionRow> {
  const [row] = await tx
    .update(sessions)
    .set(set)
    .where(and(eq(sessions.id, sessionId), eq(sessions.callId, callId), inArray(sessions.callState, from)))
    .returning();
  if (!row) throw new ServiceError("not_found", `No call ${callId} ${from.join(" or ")} in this session.`);
  return row;
}

const toVisitor = (session: SessionRow, call: CallToVisitor) => liveRelay().publishToVisitor(session.visitorId, { type: "call", sessionId: session.id, call });
const toAgents = (session: SessionRow, call: CallToAgent) => liveRelay().publishToSession(session.id, { type: "call", call });

/** Ends the call going on: its length joins the session's, both sides are told. */
async function endCall(db: Db, session: SessionRow, callId: string, by: EndedBy): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await transition(tx, session.id, callId, ["ringing", "active"], closedCall(new Date()));
    await auditCall(tx, session, "call_ended", callId, by, { seconds: ended.callSeconds - session.callSeconds });
  });
  await toVisitor(session, { kind: "end", callId });
  await toAgents(session, { kind: "end", callId });
}

/** The call's session descriptions and candidates pass unchanged, only within the call going on. */
function requireActive(session: SessionRow, callId: string): void {
  if (session.callId !== callId || session.callState !== "active") throw new ServiceError("not_found", `No call ${callId} going on in this session.`);
}

/** Rings the visitor: a new call (ending one that rang or went on), and the link's audio_muted. No ICE servers yet: only an accepted call gets them. */
async function startCall(db: Db, { session, team }: Found, agentId: string): Promise<NonNullable<AgentCallAnswer["call"]>> {
  const callId = newId("c_", 16);
  const by: EndedBy = { kind: "agent", agentId };
  const replaced = session.callState ? session.callId : null;
  await db.transaction(async (tx) => {
    if (replaced) {
      const ended = await transition(tx, session.id, replaced, ["ringing", "active"], closedCall(new Date()));
      await auditCall(tx, session, "call_ended", replaced, by, { seconds: ended.callSeconds - session.callSeconds, replaced_by: callId });
    }
    await tx.update(sessions).set({ callId, callState: "ringing", callAcceptedAt: null }).where(eq(sessions.id, session.id));
    await auditCall(tx, session, "call_started", callId, by);
  });
  if (replaced) {
    await toVisitor(session, { kind: "end", callId: replaced });
    await toAgents(session, { kind: "end", callId: replaced });
  }
  const { agentName } = await announceSession(db, session, team);
  const audioMuted = session.options.audio_muted !== false;
  await toVisitor(session, { kind: "ring", callId, agentName, audioMuted });
  return { callId, audioMuted };
}

/** POST /live/sessions/{id}/call: the agent starts a call, signals, or ends it. */
export async function agentCall(db: Db, viewer: ViewerClaims, message: AgentCallRequest): Promise<AgentCallAnswer["call"]> {
  const found = await callable(await loadSession(db, viewer.sessionId), message.kind === "end");
  const { session } = found;
  switch (message.kind) {
    case "start":
      return startCall(db, found, viewer.agentId);
    case "end":
      return void (await endCall(db, session, message.callId, { kind: "agent", agentId: viewer.agentId }));
    default:
      requireActive(session, message.callId);
      await toVisitor(session, message);
  }
}

/**
 * POST /collect/live/call: the visitor accepts or declines the call, signals, or ends it. Accepting is
 * when both sides get their ICE servers, with TURN credentials minted now for this call: the visitor in
 * the answer, the agents in the `accepted` message.
 */
export async function visitorCall(db: Db, visitorId: string, message: VisitorCallRequest): Promise<IceConfig | undefined> {
  const { sessionId, ...call } = message;
  const anyState = call.kind === "end" || call.kind === "decline";
  const { session } = await callable(await visitorSession(db, visitorId, sessionId), anyState);
  const by: EndedBy = { kind: "visitor" };
  switch (call.kind) {
    case "accept":
      await db.transaction(async (tx) => {
        await transition(tx, session.id, call.callId, ["ringing"], { callState: "active", callAcceptedAt: new Date() });
        await auditCall(tx, session, "call_accepted", call.callId, by);
      });
      await recordFeature(db, session.id, "audio");
      await toAgents(session, { kind: "accepted", callId: call.callId, ...iceConfigFor(call.callId, "agent") });
      return iceConfigFor(call.callId, "visitor");
    case "decline":
      await db.transaction(async (tx) => {
        await transition(tx, session.id, call.callId, ["ringing"], { callId: null, callState: null, callAcceptedAt: null });
        await auditCall(tx, session, "call_declined", call.callId, by);
      });
      await toAgents(session, { kind: "declined", callId: call.callId });
      return;
    case "end":
      await endCall(db, session, call.callId, by);
      return;
    default:
      requireActive(session, call.callId);
      await toAgents(session, call);
  }
}
