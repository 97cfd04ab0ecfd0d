import { recordingStore } from "./recordings";
import { liveRelay } from "./relay";

/** Tells both sides of a session that it ended, then forgets what the relay kept of it. */
export function announceSessionEnd(session: { id: string; visitorId: string }, reason: string): void {
  const relay = liveRelay();
  relay.publishToSession(session.id, { type: "ended", reason });
  relay.publishToVisitor(session.visitorId, { type: "ended", sessionId: session.id, reason });
  relay.forgetSession(session.id);
  recordingStore().finish(session.id);
}
