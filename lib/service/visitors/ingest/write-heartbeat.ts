import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { visitors } from "../../core/schema";
import type { Team } from "../../teams/team";
import { lockedVisitor } from "./locked-visitor";
import { assignLookupCode } from "./lookup-code";
import { onlineUntilFrom } from "./presence";

/**
 * One heartbeat written at once. A visitor that was online until now keeps its lookup code as it is: no
 * other visitor can have been given it meanwhile. One coming back online has its code checked again,
 * under the team's lock: while it was offline another visitor may have been given the same one.
 */
export async function writeHeartbeat(db: Db, team: Team, visitorId: string, now = new Date()): Promise<{ lookupCode: string | null }> {
  return db.transaction(async (tx) => {
    const columns = { lookupCode: visitors.lookupCode, onlineUntil: visitors.onlineUntil, ipAddress: visitors.ipAddress, lastSeenAt: visitors.lastSeenAt };
    const before = await lockedVisitor(tx.select(columns).from(visitors), team.id, visitorId);
    // A later event of the visitor (a leave, a newer beat written by another node) wins over this beat.
    if (before.lastSeenAt > now) return { lookupCode: before.lookupCode };
    await tx
      .update(visitors)
      .set({ lastSeenAt: now, onlineUntil: onlineUntilFrom(now) })
      .where(eq(visitors.shortId, visitorId));
    const wasOnline = before.onlineUntil !== null && before.onlineUntil > now;
    if (wasOnline && before.lookupCode) return { lookupCode: before.lookupCode };
    return { lookupCode: await assignLookupCode(tx, team.id, visitorId, before.lookupCode, before.ipAddress, now) };
  });
}
