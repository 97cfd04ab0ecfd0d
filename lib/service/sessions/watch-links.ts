import "server-only";
import { eq, sql } from "drizzle-orm";
import type { WatchUrlRequest } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { resolveAgent } from "../teams/agents";
import { ServiceError } from "../core/errors";
import { newId } from "../core/ids";
import { sessionAgents, sessions, visitors, watchLinks } from "../core/schema";
import { answeredHelpRequest } from "../visitors/ingest/help-request";
import { claimSessionSlot, ongoingSessionCount } from "./concurrency";
import { publicBaseUrl, signLink, verifyLink } from "../core/signing";
import type { Team } from "../teams/team";
import { findVisitor } from "../visitors/read";
import { handedOverSessionOf, HANDOVER_FIELD, joinHandedOverSession } from "./handover-links";

export type WatchLinkRequest = Omit<WatchUrlRequest, "agent" | "options"> & { agent: { id: string; name: string }; options?: WatchUrlRequest["options"] };

/**
 * Creates a Secure watch link: 404 for an unknown visitor, 402 when one more session would pass the
 * team's concurrent-session limit. The link is a signed, short-lived token naming a stored link row.
 */
export async function createWatchLink(
  db: Db,
  team: Team,
  visitorId: string,
  request: WatchLinkRequest,
  options: { onPremise?: boolean } = {},
): Promise<{ watch_url: string; expiration: string }> {
  if (!(await findVisitor(db, team.id, visitorId))) throw new ServiceError("visitor_not_found", `No visitor ${visitorId}.`);
  // A session an AI agent handed over to the team's people: the link joins it, starting nothing new.
  const handedOver = await handedOverSessionOf(db, team.id, visitorId);
  if (!handedOver && (await ongoingSessionCount(db, team.id)) >= team.maxConcurrentSessions) {
    throw new ServiceError("subscription_limit", `The account allows ${team.maxConcurrentSessions} concurrent sessions.`);
  }
  const agent = await resolveAgent(db, team.id, request.agent);
  // Left out, audio_muted follows the team: muted (the API's default) unless the agent hears the visitor.
  const audio = { audio_muted: request.options?.audio_muted ?? !team.agentHearsVisitor };
  const expiresAt = new Date(Date.now() + env().WATCH_LINK_TTL_SECONDS * 1000);
  const id = newId("wl_", 20);
  const asked = { ...request, options: audio };
  const stored = handedOver ? { ...asked, [HANDOVER_FIELD]: handedOver } : asked;
  await db.insert(watchLinks).values({ id, teamId: team.id, visitorId, agentId: agent.id, request: stored, onPremise: options.onPremise ?? false, expiresAt });
  const token = await signLink("watch", { jti: id, sub: visitorId, team: team.id }, expiresAt);
  return { watch_url: `${publicBaseUrl()}/watch/${token}`, expiration: expiresAt.toISOString() };
}

/** The signed token at the end of a watch link, which openWatchLink takes. */
export const watchLinkToken = (watchUrl: string): string => watchUrl.slice(watchUrl.lastIndexOf("/") + 1);

export type OpenedWatchLink =
  | { ok: true; sessionId: string; linkId: string; agentId: string }
  | { ok: false; reason: "expired" | "invalid" | "opened" }
  | { ok: false; reason: "session_limit"; limit: number };

/**
 * Opening a watch link starts its session. A link opens once: whoever holds it afterwards (a copy in a
 * log, a Referer, another browser) is refused; the browser that opened it carries on with the viewer
 * token it was handed, never with the link. One transaction with the link row locked, so two opens
 * at once make one session and one refusal. The new session is counted against the team's
 * concurrent-session limit under the team's lock (links made while there was room must not all start
 * sessions); a refused open leaves the link usable until it expires.
 */
export async function openWatchLink(db: Db, token: string): Promise<OpenedWatchLink> {
  const check = await verifyLink<{ jti: string }>("watch", token);
  if (!check.ok) return check;
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(watchLinks).where(eq(watchLinks.id, check.claims.jti)).for("update");
    if (!link) return { ok: false as const, reason: "invalid" as const };
    if (link.openedAt || link.sessionId) return { ok: false as const, reason: "opened" as const };
    if (HANDOVER_FIELD in link.request) return joinHandedOverSession(tx, link);
    const slot = await claimSessionSlot(tx, link.teamId);
    if (!slot.ok) return { ok: false as const, reason: "session_limit" as const, limit: slot.limit };
    const request = link.request as WatchLinkRequest;
    const sessionId = newId("s_", 16);
    await tx.insert(sessions).values({
      id: sessionId,
      teamId: link.teamId,
      visitorId: link.visitorId,
      metadata: request.metadata ?? {},
      permissions: request.permissions,
      branding: request.branding,
      options: request.options ?? { audio_muted: true },
      viewer: request.viewer ?? null,
      initialNotes: request.initial_notes ?? null,
      webhookUrl: request.webhook_url ?? null,
      onPremise: link.onPremise,
      source: link.onPremise ? "onpremise" : "api",
      callName: sql`(select call_name from visitors where short_id = ${link.visitorId})`,
    });
    await tx.insert(sessionAgents).values({ sessionId, agentId: link.agentId });
    // The help the visitor asked for has come: the request leaves the queue.
    await tx.update(visitors).set(answeredHelpRequest).where(eq(visitors.shortId, link.visitorId));
    await tx.update(watchLinks).set({ sessionId, openedAt: new Date() }).where(eq(watchLinks.id, link.id));
    return { ok: true as const, sessionId, linkId: link.id, agentId: link.agentId };
  });
}
