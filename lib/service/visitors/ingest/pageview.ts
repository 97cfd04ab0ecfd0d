import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { visitors } from "../../core/schema";
import { visitorSearchText } from "@/lib/service/visitors/search";
import type { Team } from "../../teams/team";
import { lockedVisitor } from "./locked-visitor";
import { addPageview, type PageInput } from "./pageview-history";
import { redactedPage } from "./redacted-page";
import { notBefore, onlineUntilFrom } from "./presence";

/**
 * POST /collect/pageview: the visitor moved to another page without reloading the script (e.g. a SPA
 * route). The script reports a page only when its address changes, so one that is already the visitor's
 * current page (same address and title) is the same pageview sent again (its answer was lost: a node
 * died as it answered), kept once.
 */
export async function recordVisitorPageview(db: Db, team: Team, visitorId: string, raw: PageInput, now = new Date()): Promise<void> {
  const page = redactedPage(team, raw);
  await db.transaction(async (tx) => {
    const visitor = await lockedVisitor(tx.select().from(visitors), team.id, visitorId);
    await tx
      .update(visitors)
      .set({
        lastUrl: page.url,
        lastTitle: page.title ?? null,
        lastSeenAt: notBefore(visitors.lastSeenAt, now),
        onlineUntil: notBefore(visitors.onlineUntil, onlineUntilFrom(now)),
        searchText: visitorSearchText({ ...visitor, lastUrl: page.url, lastTitle: page.title }),
      })
      .where(eq(visitors.shortId, visitorId));
    const sentAgain = visitor.lastUrl === page.url && visitor.lastTitle === (page.title ?? null);
    if (!sentAgain) await addPageview(tx, team, visitorId, page, now, visitor.onlineUntil);
  });
}
