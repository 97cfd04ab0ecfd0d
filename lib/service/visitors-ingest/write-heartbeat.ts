import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { notFound } from "../errors";
import { visitors } from "../schema";
import type { Team } from "../teams";
import { assignLookupCode } from "./lookup-code";
import { onlineUntilFrom } from "./presence";

/**
 * One heartbeat written at once. A visitor that was online until now keeps its lookup code as it is: no
 * other visitor can have been given it meanwhile. One coming back online has its code checked again,
 * under the team's lock: while it was offline another visitor may have been given the same one.
 */
export async function writeHeartbeat(db: Db, team: Team, visitorId: string, now = new Date()): Promise<{ lookupCode: string | null }> {
  return db.transaction(async (tx) => {
    const where = and(eq(visitors.teamId, team.id), eq(visitors.shortId, visitorId));
    const [before] = await tx
      .select({ lookupCode: visitors.lookupCode, onlineUntil: visitors.onlineUntil, ipAddress: visitors.ipAddress })
      .from(visitors)
      .where(where)
      .for("update");
    if (!before) throw notFound("visitor_not_found");
    await tx
      .update(visitors)
      .set({ lastSeenAt: now, onlineUntil: onlineUntilFrom(now) })
      .where(where);
    const wasOnline = before.onlineUntil !== null && before.onlineUntil > now;
    if (wasOnline && before.lookupCode) return { lookupCode: before.lookupCode };
    return { lookupCode: await assignLookupCode(tx, team.id, visitorId, before.lookupCode, before.ipAddress, now) };
  });
}
