import "server-only";
import type { Db } from "@/lib/db";
import { ServiceError } from "../errors";
import { processCache } from "../process-cache";
import type { Team } from "../teams";
import { needsConsent, visitorSession, type SessionRow } from "./live-session";

/**
 * Sessions that took a visitor's batch lately, so the next batches (up to twenty a second) cost no
 * database read. Only an ongoing, consented session is kept; its end clears it on this node at once
 * (forgetLiveSession) and on the others within five seconds.
 */
const recent = () => processCache<{ session: SessionRow; team: Team }>("consented-sessions", 5_000);

/** The visitor's ongoing session, which the visitor has accepted when the team asks: else 404, 409 or 403. */
export async function consentedSession(db: Db, visitorId: string, sessionId: string): Promise<{ session: SessionRow; team: Team }> {
  const known = recent().get(sessionId);
  if (known?.session.visitorId === visitorId) return known;
  const found = await visitorSession(db, visitorId, sessionId);
  if (needsConsent(found.session, found.team)) throw new ServiceError(403, "consent_required", "The visitor has not accepted the session.");
  recent().set(sessionId, found);
  return found;
}

export function forgetLiveSession(sessionId: string): void {
  recent().delete(sessionId);
}
