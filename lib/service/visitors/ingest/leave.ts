import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { notFound } from "../../core/errors";
import { visitors } from "../../core/schema";
import type { Team } from "../../teams/team";
import { closeOpenPageview } from "./pageview-history";
import { notBefore } from "./presence";

/** POST /collect/leave: the page is closing (sent with sendBeacon), so the visitor is offline at once. */
export async function leaveVisitor(db: Db, team: Team, visitorId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [visitor] = await tx
      .update(visitors)
      // least(): a late beacon must not move the moment an already-offline visitor left. A visitor who
      // leaves stops waiting; waiting_since stays, so the next page that still asks keeps the place.
      .set({
        lastSeenAt: notBefore(visitors.lastSeenAt, now),
        isWaitingForCall: false,
        onlineUntil: sql`least(${visitors.onlineUntil}, ${now.toISOString()}::timestamptz)`,
      })
      .where(and(eq(visitors.teamId, team.id), eq(visitors.shortId, visitorId)))
      .returning({ onlineUntil: visitors.onlineUntil });
    if (!visitor) throw notFound("visitor_not_found");
    // The page just closed: its time on the page is known now, not only at the next page.
    if (team.historyEnabled) await closeOpenPageview(tx, visitorId, visitor.onlineUntil);
  });
}
