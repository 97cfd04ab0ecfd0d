import "server-only";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { endSession } from "./end";
import type { SseChannel } from "./sse";
import { loadSession } from "../sessions/record";
import { announceSession, broadcastStatus } from "./session-status";
import type { ControlMessage } from "@/lib/contract";
import { sendControls } from "./control";
import { liveRelay } from "./node-relay";
import { attendSession, markSessionsAttended } from "./stream-presence";
import { signViewerToken, VIEWER_TOKEN_REFRESH_MS, type ViewerClaims } from "./viewer-token";
import { mirroredJson } from "../proxy/mirror";
import { proxyOrigin } from "../proxy/origin";

async function ongoing(db: Db, sessionId: string) {
  const found = await loadSession(db, sessionId);
  if (!found) throw new ServiceError("not_found", "No such session.");
  if (found.session.status !== "ongoing") throw new ServiceError("session_ended", "The session has ended.");
  return found;
}

/**
 * GET /live/sessions/{id}/stream: the watch page's line from the service. It first gets the visitor's
 * page as stored (a late joiner sees it at once), then every change, the visitor's status and the end.
 * A page on the universal proxy reaches it with its assets at the mirror's addresses, which only this
 * session's viewers are given.
 */
export async function openAgentStream(db: Db, viewer: ViewerClaims, channel: SseChannel): Promise<() => void> {
  const found = await loadSession(db, viewer.sessionId);
  if (!found || found.session.status === "ended") {
    channel.send({ type: "ended", reason: found?.session.endReason ?? "api" });
    channel.close();
    return () => {};
  }
  const { session, team } = found;
  const relay = liveRelay();
  const asJson = mirroredJson(session.id, proxyOrigin());
  const unsubscribe = await relay.subscribeSession(session.id, (message) => {
    channel.sendJson(asJson(message));
    if (message.type === "ended") channel.close();
  });
  await markSessionsAttended(db, [session.id]);
  // Asks the visitor's page for a fresh snapshot (after its consent when the team requires it).
  await relay.publishToVisitor(session.visitorId, await announceSession(db, session, team));
  await broadcastStatus(db, session.id);
  const leave = attendSession(session.id, (reason) => {
    channel.send({ type: "ended", reason });
    channel.close();
  });
  channel.every(VIEWER_TOKEN_REFRESH_MS, async () => channel.send({ type: "token", token: await signViewerToken(viewer) }));
  return () => {
    leave();
    unsubscribe();
  };
}

/**
 * POST /live/sessions/{id}/control: one use of a tool. The session's permissions decide, not the page:
 * a tool the watch link does not allow is refused with 403 and nothing is recorded or sent.
 */
export async function applyControl(db: Db, viewer: ViewerClaims, control: ControlMessage): Promise<void> {
  const { session } = await ongoing(db, viewer.sessionId);
  await sendControls(db, session, [control]);
}

/** POST /live/sessions/{id}/resync: the watch page missed events; the visitor sends a fresh snapshot. */
export async function requestSnapshot(db: Db, viewer: ViewerClaims): Promise<void> {
  const { session } = await ongoing(db, viewer.sessionId);
  await liveRelay().publishToVisitor(session.visitorId, { type: "snapshot", sessionId: session.id });
}

/** POST /live/sessions/{id}/end: the agent ends the session. */
export async function endByAgent(db: Db, viewer: ViewerClaims): Promise<void> {
  await endSession(db, viewer.sessionId, "agent", { kind: "agent", agentId: viewer.agentId });
}
