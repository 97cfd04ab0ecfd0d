import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { visitors } from "../../core/schema";
import type { Team } from "../../teams/team";
import { lockedVisitor } from "./locked-visitor";

/**
 * A visitor asking for help (Tandem.requestHelp): `is_waiting_for_call` while the visitor waits, and
 * `waiting_since` for the queue's order. The console reads both through the list API.
 */
export function waitingFields(waiting: boolean, since: Date | null, now: Date) {
  return { isWaitingForCall: waiting, waitingSince: waiting ? (since ?? now) : null };
}

/** What a session that starts does to the visitor's request: it is answered. */
export const answeredHelpRequest = { isWaitingForCall: false, waitingSince: null };

/** POST /collect/help: the visitor asks for help (waiting: true) or takes the request back (false). */
export async function setHelpRequest(db: Db, team: Team, visitorId: string, waiting: boolean, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const visitor = await lockedVisitor(tx.select({ waitingSince: visitors.waitingSince }).from(visitors), team.id, visitorId);
    await tx
      .update(visitors)
      .set(waitingFields(waiting, visitor.waitingSince, now))
      .where(eq(visitors.shortId, visitorId));
  });
}
