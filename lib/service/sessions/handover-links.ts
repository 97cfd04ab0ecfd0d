import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { ServiceError } from "../core/errors";
import { newId } from "../core/ids";
import { sessionAgents, sessions, watchLinks } from "../core/schema";
import { publicBaseUrl, signLink } from "../core/signing";
import { resolveAgent } from "../teams/agents";
import type { Team } from "../teams/team";

/** The watch-link request field naming the ongoing session a hand-over link joins. */
export const HANDOVER_FIELD = "handover_session";

/**
 * A Secure watch link into an ongoing session (an AI agent hands it over to a person): the same signed,
 * short-lived, open-once link as any other, whose opening adds the agent to that session instead of
 * starting one.
 */
export async function createHandOverLink(
  db: Db,
  team: Team,
  sessionId: string,
  agentRef: { id: string; name: string },
): Promise<{ watch_url: string; expiration: string }> {
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.teamId, team.id)));
  if (!session) throw new ServiceError("not_found", `No session ${sessionId}.`);
  if (session.status !== "ongoing") throw new ServiceError("session_ended", "The session has ended.");
  const agent = await resolveAgent(db, team.id, agentRef);
  const expiresAt = new Date(Date.now() + env().WATCH_LINK_TTL_SECONDS * 1000);
  const id = newId("wl_", 20);
  await db.insert(watchLinks).values({
    id,
    teamId: team.id,
    visitorId: session.visitorId,
    agentId: agent.id,
    request: { agent: agentRef, [HANDOVER_FIELD]: sessionId },
    onPremise: session.onPremise,
    expiresAt,
  });
  const token = await signLink("watch", { jti: id, sub: session.visitorId, team: team.id }, expiresAt);
  return { watch_url: `${publicBaseUrl()}/watch/${token}`, expiration: expiresAt.toISOString() };
}

type LinkRow = typeof watchLinks.$inferSelect;

/** Opening a hand-over link (inside openWatchLink's transaction, the link row locked): joins its session. */
export async function joinHandedOverSession(
  tx: Tx,
  link: LinkRow,
): Promise<{ ok: true; sessionId: string; linkId: string; agentId: string } | { ok: false; reason: "expired" }> {
  const sessionId = String(link.request[HANDOVER_FIELD]);
  const [session] = await tx.select({ status: sessions.status }).from(sessions).where(eq(sessions.id, sessionId));
  if (!session || session.status !== "ongoing") return { ok: false, reason: "expired" };
  await tx.insert(sessionAgents).values({ sessionId, agentId: link.agentId }).onConflictDoNothing();
  await tx.update(watchLinks).set({ sessionId, openedAt: new Date() }).where(eq(watchLinks.id, link.id));
  return { ok: true, sessionId, linkId: link.id, agentId: link.agentId };
}
