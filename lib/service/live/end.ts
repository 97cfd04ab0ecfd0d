import { forgetLiveSession } from "./consented-session";
import { liveRelay } from "./node-relay";
import { recordingStore } from "./recordings";

/**
 * Tells both sides of a session that it ended, then forgets what the relay kept of it. `askFeedback`:
 * the visitor's page asks them how the session went.
 */
export async function announceSessionEnd(session: { id: string; visitorId: string }, reason: string, askFeedback = false): Promise<void> {
  forgetLiveSession(session.id);
  const relay = liveRelay();
  await relay.publishToSession(session.id, { type: "ended", reason });
  await relay.publishToVisitor(session.visitorId, { type: "ended", sessionId: session.id, reason, ...(askFeedback ? { askFeedback } : {}) });
  await relay.forgetSession(session.id);
  await recordingStore().finish(session.id);
}
