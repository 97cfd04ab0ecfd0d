import "server-only";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { processCache } from "@/lib/process-cache";
import type { Team } from "../teams/team";
import { needsConsent, visitorSession, type SessionRow } from "../sessions/record";
import { liveRelay } from "./node-relay";

/**
 * Sessions that took a visitor's batch lately, so the next batches (up to twenty a second) cost no
 * database read. Only an ongoing, consented session is kept. Its end clears it at once on every app node
 * (the relay tells each one); a change of the team's settings reaches a running session within this.
 */
export const SESSION_TRUSTED_MS = 30_000;

const recent = () => processCache<{ session: SessionRow; team: Team }>("consented-sessions", SESSION_TRUSTED_MS);

// Once per process: the relay's news of an ended session, from whichever node ended it.
const listening = Symbol.for("tandem.consented-sessions.listening");
function listenForEnds(): void {
  const holder = globalThis as { [listening]?: Promise<unknown> };
  holder[listening] ??= liveRelay()
    .onSessionForgotten(forgetLiveSession)
    .catch((error) => {
      delete holder[listening];
      console.error("live: listening for ended sessions failed", error);
    });
}

/** The visitor's ongoing session, which the visitor has accepted when the team asks: else 404, 409 or 403. */
export async function consentedSession(db: Db, visitorId: string, sessionId: string): Promise<{ session: SessionRow; team: Team }> {
  listenForEnds();
  const known = recent().get(sessionId);
  if (known?.session.visitorId === visitorId) return known;
  const found = await visitorSession(db, visitorId, sessionId);
  if (needsConsent(found.session, found.team)) throw new ServiceError("consent_required", "The visitor has not accepted the session.");
  recent().set(sessionId, found);
  return found;
}

export function forgetLiveSession(sessionId: string): void {
  recent().delete(sessionId);
}
