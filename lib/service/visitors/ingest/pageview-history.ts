import { and, desc, eq, isNull } from "drizzle-orm";
import type { PageviewRequest } from "@/lib/contract";
import type { Tx } from "@/lib/db";
import { pageviews } from "../../core/schema";
import type { Team } from "../../teams/team";

/** A page as the script reports it, on registering and on each pageview. */
export type PageInput = PageviewRequest;

/** Gives the visitor's latest pageview its duration, if it has none yet: it lasted until `endedAt`. */
export async function closeOpenPageview(tx: Tx, visitorId: string, endedAt: Date): Promise<void> {
  const [latest] = await tx.select().from(pageviews).where(eq(pageviews.visitorId, visitorId)).orderBy(desc(pageviews.visitedAt), desc(pageviews.id)).limit(1);
  if (!latest || latest.durationSeconds !== null) return;
  const seconds = Math.max(0, Math.round((endedAt.getTime() - latest.visitedAt.getTime()) / 1000));
  await tx
    .update(pageviews)
    .set({ durationSeconds: seconds })
    .where(and(eq(pageviews.id, latest.id), isNull(pageviews.durationSeconds)));
}

/**
 * Records a page the visitor opened, when the team collects history. The previous page ended now, or
 * when the visitor went offline if that was earlier (`wasOnlineUntil`): time away is not time on a page.
 */
export async function addPageview(tx: Tx, team: Team, visitorId: string, page: PageInput, now: Date, wasOnlineUntil: Date | null): Promise<void> {
  if (!team.historyEnabled) return;
  const endedAt = wasOnlineUntil && wasOnlineUntil < now ? wasOnlineUntil : now;
  await closeOpenPageview(tx, visitorId, endedAt);
  await tx.insert(pageviews).values({ visitorId, url: page.url, title: page.title || null, referrer: page.referrer || null, visitedAt: now });
}
