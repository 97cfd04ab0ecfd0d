import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { sessionAgents, sessions, teams, watchLinks } from "../core/schema";

/** The watch-link request field naming the ongoing session a hand-over link joins. */
export const HANDOVER_FIELD = "handover_session";
/** What a session's metadata holds once an AI agent handed it over to the team's people. */
export const HANDED_OVER = "handed_over";

/**
 * The visitor's ongoing session that an AI agent handed over to the team's people, if any: a watch link
 * made for the visitor then joins it (the person is added to it) rather than starting another.
 */
export async function handedOverSessionOf(db: Db, teamId: string, visitorId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.teamId, teamId),
        eq(sessions.visitorId, visitorId),
        eq(sessions.status, "ongoing"),
        sql`${sessions.metadata} ->> ${HANDED_OVER} = 'true'`,
      ),
    )
    .orderBy(desc(sessions.startedAt))
    .limit(1);
  return row?.id ?? null;
}

type LinkRow = typeof watchLinks.$inferSelect;

/**
 * Opening a hand-over link (inside openWatchLink's transaction, the link row locked): joins its session.
 * Where the team asks visitors before an agent sees their page, the visitor is asked again, now for the
 * person (the watch page's stream announces the session under the person's name).
 */
export async function joinHandedOverSession(
  tx: Tx,
  link: LinkRow,
): Promise<{ ok: true; sessionId: string; linkId: string; agentId: string } | { ok: false; reason: "expired" }> {
  const sessionId = String(link.request[HANDOVER_FIELD]);
  const [found] = await tx
    .select({ status: sessions.status, askFirst: teams.requireAuthorization })
    .from(sessions)
    .innerJoin(teams, eq(teams.id, sessions.teamId))
    .where(eq(sessions.id, sessionId));
  if (!found || found.status !== "ongoing") return { ok: false, reason: "expired" };
  await tx.insert(sessionAgents).values({ sessionId, agentId: link.agentId }).onConflictDoNothing();
  if (found.askFirst) await tx.update(sessions).set({ sessionAuthorized: false }).where(eq(sessions.id, sessionId));
  await tx.update(watchLinks).set({ sessionId, openedAt: new Date() }).where(eq(watchLinks.id, link.id));
  return { ok: true, sessionId, linkId: link.id, agentId: link.agentId };
}
