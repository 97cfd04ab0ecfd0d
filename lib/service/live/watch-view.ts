import "server-only";
import { eq } from "drizzle-orm";
import { brandingSchema } from "@/lib/contract/watch-link";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { loadSession } from "../sessions/record";
import { spendViewerToken } from "../sessions/viewer-tokens";
import { visitorStatus } from "./session-status";
import type { WatchSession } from "@/lib/contract";
import { allowedTools, effectivePermissions } from "../sessions/permissions";
import { signViewerToken } from "./viewer-token";
import { currentNotes } from "../sessions/agent-notes";
import { agentsBySession } from "../sessions/load";
import { agentGaveFeedback } from "../sessions/quality-feedback";
import { visitors } from "../core/schema";

export type { WatchSession };

/** What the watch page needs to show a session live, with a fresh viewer credential for the agent. */
export async function describeWatchSession(db: Db, sessionId: string, agentId: string): Promise<WatchSession | null> {
  const found = await loadSession(db, sessionId);
  if (!found) return null;
  const { session, team } = found;
  const agents = (await agentsBySession(db, [sessionId])).get(sessionId) ?? [];
  const [visitor] = await db
    .select({ callName: visitors.callName, identities: visitors.identities })
    .from(visitors)
    .where(eq(visitors.shortId, session.visitorId));
  return {
    sessionId,
    visitorId: session.visitorId,
    // The visitor's name as they identified; a deleted visitor is named as the session kept them.
    visitorName: visitor?.callName || visitor?.identities[0] || session.callName || null,
    // Without Redis for a moment, the page opens all the same: its live stream brings the status.
    status: await visitorStatus(session, team).catch(() => "waiting" as const),
    endReason: session.endReason,
    startedAt: session.startedAt.toISOString(),
    endedAt: session.endedAt?.toISOString() ?? null,
    agents: agents.map((agent) => agent.nickname || agent.name),
    tools: allowedTools(session.permissions),
    permissions: effectivePermissions(session.permissions),
    // Stored as the link asked; a row from before a field existed gets its default.
    branding: brandingSchema.catch(brandingSchema.parse({})).parse(session.branding),
    notes: currentNotes(session),
    feedbackSent: agentGaveFeedback(session.qualityFeedback, agentId),
    token: await signViewerToken({ sessionId, agentId }),
  };
}

/**
 * POST /live/viewer-tokens/redeem: the embedded viewer's frame spends its token (sessions/viewer-tokens.ts)
 * and gets what the watch page gets, with a viewer credential of that session alone.
 */
export async function redeemViewerToken(db: Db, token: string | null, hostOrigin: string, ip: string): Promise<WatchSession> {
  const { sessionId, agentId } = await spendViewerToken(db, token, hostOrigin, ip);
  const session = await describeWatchSession(db, sessionId, agentId);
  if (!session) throw new ServiceError("not_found", "The viewer token's session no longer exists.");
  return session;
}
