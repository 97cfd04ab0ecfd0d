import "server-only";
import { eq } from "drizzle-orm";
import { brandingSchema } from "@/lib/contract/watch-link";
import type { Db } from "@/lib/db";
import { loadSession, visitorStatus } from "../live/live-session";
import type { WatchSession } from "@/lib/contract";
import { allowedTools, effectivePermissions } from "../live/permissions";
import { signViewerToken } from "../live/viewer-token";
import { visitors } from "../core/schema";
import { currentNotes } from "./agent-notes";
import { agentsBySession } from "./load";
import { agentGaveFeedback } from "./quality-feedback";

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
    status: await visitorStatus(session, team),
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
