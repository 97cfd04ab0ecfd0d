import { logFailure } from "@/lib/availability/unavailable";
import "server-only";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { endSession } from "./end";
import type { Team } from "../teams/team";
import type { SseChannel } from "./sse";
import { consentedSession } from "./consented-session";
import { markLive, markRecording, ongoingSessionOf, recordConsent, visitorSession } from "../sessions/record";
import { announceSession, broadcastStatus } from "./session-status";
import type { EventBatch } from "@/lib/contract";
import { liveRelay } from "./node-relay";
import { recordingStore } from "./recordings";
import { redactedEvents } from "./redacted-events";
import { findLastMeta } from "./relay";
import { holdVisitorOnline, markVisitorsOnline } from "./stream-presence";

async function broadcastVisitorSession(db: Db, visitorId: string): Promise<void> {
  const session = await ongoingSessionOf(db, visitorId);
  if (session) await broadcastStatus(db, session.id);
}

/**
 * GET /collect/live/stream: the visitor script's line from the service. It keeps the visitor online,
 * tells it when an agent opens a session (now, if one is waiting) and carries the agents' tools.
 */
export async function openVisitorStream(db: Db, team: Team, visitorId: string, channel: SseChannel): Promise<() => void> {
  const unsubscribe = await liveRelay().subscribeVisitor(visitorId, channel.send);
  await markVisitorsOnline(db, [visitorId]);
  const session = await ongoingSessionOf(db, visitorId);
  if (session) {
    channel.send(await announceSession(db, session, team));
    await broadcastStatus(db, session.id);
  }
  const release = holdVisitorOnline(visitorId);
  return () => {
    release();
    unsubscribe();
    void broadcastVisitorSession(db, visitorId).catch((error) => logFailure("live: status after the visitor left failed", error));
  };
}

/** POST /collect/live/events: a batch of the visitor's page, relayed to the agents. */
export async function acceptVisitorEvents(db: Db, visitorId: string, sessionId: string, sent: EventBatch): Promise<{ accepted: boolean; snapshot: boolean }> {
  const { session, team } = await consentedSession(db, visitorId, sessionId);
  const batch = { seq: sent.seq, events: redactedEvents(team, sent.events) };
  const result = await liveRelay().publishEvents(session.id, batch);
  if (result.snapshotRequired) throw new ServiceError("snapshot_required", "The stored page is full: send a batch that starts with a full snapshot");
  if (result.accepted && team.recordingEnabled) {
    // What the agents got: a batch with a snapshot counts from it (what came before followed a gap).
    const metaAt = findLastMeta(batch.events);
    await recordingStore().append(session.id, metaAt > 0 ? batch.events.slice(metaAt) : batch.events);
    if (!session.videoStatus) {
      await markRecording(db, session.id);
      session.videoStatus = "recording"; // the cached row too: marked once
    }
  }
  if (result.firstSnapshot) {
    if (!session.wentLive) await markLive(db, session.id);
    await broadcastStatus(db, session.id);
  }
  return { accepted: result.accepted, snapshot: result.wantSnapshot };
}

/** POST /collect/live/consent: the visitor's answer. Accepting starts the session; declining ends it. */
export async function answerConsent(db: Db, visitorId: string, sessionId: string, accepted: boolean): Promise<void> {
  const { session, team } = await visitorSession(db, visitorId, sessionId);
  await recordConsent(db, session, accepted);
  if (!accepted) {
    await endSession(db, session.id, "declined", { kind: "visitor" });
    return;
  }
  await liveRelay().publishToVisitor(visitorId, await announceSession(db, { ...session, sessionAuthorized: true }, team));
  await broadcastStatus(db, session.id);
}

/** POST /collect/live/stop: the visitor pressed Stop. */
export async function stopByVisitor(db: Db, visitorId: string, sessionId: string): Promise<void> {
  const { session } = await visitorSession(db, visitorId, sessionId);
  await endSession(db, session.id, "visitor", { kind: "visitor" });
}

/** POST /collect/live/message: the customer's page sends the session's agents a message of its own. */
export async function relayVisitorMessage(db: Db, visitorId: string, sessionId: string, message: string): Promise<void> {
  const { session } = await consentedSession(db, visitorId, sessionId);
  await liveRelay().publishToSession(session.id, { type: "custom", message });
}
