import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { notFound } from "../errors";
import { visitors } from "../schema";
import type { Team } from "../teams";
import { assignLookupCode } from "./lookup-code";
import { onlineUntilFrom } from "./presence";

/**
 * POST /collect/heartbeat: the visitor is still on the page, so it stays online 30 s more. Its lookup
 * code is checked again: while it was offline another visitor may have been given the same one.
 */
export async function heartbeatVisitor(db: Db, team: Team, visitorId: string, now = new Date()): Promise<{ lookupCode: string | null }> {
  return db.transaction(async (tx) => {
    const [visitor] = await tx
      .update(visitors)
      .set({ lastSeenAt: now, onlineUntil: onlineUntilFrom(now) })
      .where(and(eq(visitors.teamId, team.id), eq(visitors.shortId, visitorId)))
      .returning({ lookupCode: visitors.lookupCode });
    if (!visitor) throw notFound("visitor_not_found");
    return { lookupCode: await assignLookupCode(tx, team.id, visitorId, visitor.lookupCode, now) };
  });
}
