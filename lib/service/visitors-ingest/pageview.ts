import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { notFound } from "../errors";
import { visitors } from "../schema";
import { visitorSearchText } from "@/lib/service/search";
import type { Team } from "../teams";
import { addPageview, type PageInput } from "./pageview-history";
import { redactedPage } from "./redacted-page";
import { onlineUntilFrom } from "./presence";

/** POST /collect/pageview: the visitor moved to another page without reloading the script (e.g. a SPA route). */
export async function recordVisitorPageview(db: Db, team: Team, visitorId: string, raw: PageInput, now = new Date()): Promise<void> {
  const page = redactedPage(team, raw);
  await db.transaction(async (tx) => {
    const [visitor] = await tx
      .select()
      .from(visitors)
      .where(and(eq(visitors.teamId, team.id), eq(visitors.shortId, visitorId)))
      .for("update");
    if (!visitor) throw notFound("visitor_not_found");
    await tx
      .update(visitors)
      .set({
        lastUrl: page.url,
        lastTitle: page.title ?? null,
        lastSeenAt: now,
        onlineUntil: onlineUntilFrom(now),
        searchText: visitorSearchText({ ...visitor, lastUrl: page.url }),
      })
      .where(eq(visitors.shortId, visitorId));
    await addPageview(tx, team, visitorId, page, now, visitor.onlineUntil);
  });
}
