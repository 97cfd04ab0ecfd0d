import "server-only";
import { eq, sql } from "drizzle-orm";
import { watchUrlRequestSchema, type Permissions } from "@/lib/contract/watch-link";
import type { EndSessionOutput, HandOverOutput, StartSessionOutput } from "@/lib/contract/mcp";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { processCache } from "@/lib/process-cache";
import { sessions } from "../core/schema";
import { announceSession, broadcastStatus } from "../live/session-status";
import { loadSession, needsConsent, type SessionRow } from "../sessions/record";
import { toolAllowed } from "../sessions/permissions";
import { currentNotes } from "../sessions/agent-notes";
import { liveRelay } from "../live/node-relay";
import { markSessionsAttended } from "../live/stream-presence";
import { publicBaseUrl } from "../core/signing";
import { HANDED_OVER } from "../sessions/handover-links";
import { endSession } from "../live/end";
import { createWatchLink, openWatchLink, watchLinkToken } from "../sessions/watch-links";
import type { Team } from "../teams/team";
import { dropMirror, mirrorOf } from "./page-mirrors";

/** What a session opened by an AI agent carries in its metadata (the API and the console show it). */
export const AUTOMATED = "automated";

/** The name the visitor and the console see: the agent's own, marked as automated. */
export const automatedName = (name: string) => `${name} (automated)`;

/**
 * An agent's name as the visitor may see it: compatibility forms folded (full-width letters become
 * plain ones), no control or formatting characters (bidi overrides that would turn "(automated)"
 * around, zero-width marks), spaces collapsed. Empty once cleaned: refused.
 */
export function plainName(name: string): string {
  const plain = name
    .normalize("NFKC")
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  if (!plain) throw new ServiceError("invalid_request", "agent_name: give a name of letters the visitor can read.");
  return plain;
}

export interface AiCaller {
  team: Team;
  keyId: string;
  keyName: string;
}

/**
 * The AI agent's session `sessionId`: one its team's keys opened through the MCP server. Any other (of
 * another team, or a person's) is unknown to it.
 */
export async function aiSession(db: Db, caller: AiCaller, sessionId: string): Promise<SessionRow> {
  let session = recentSessions().get(sessionId)?.session;
  if (!session) {
    session = (await loadSession(db, sessionId))?.session;
    if (session?.status === "ongoing") recentSessions().set(sessionId, { session });
  }
  if (!session || session.teamId !== caller.team.id || session.metadata[AUTOMATED] !== true) {
    throw new ServiceError("not_found", `No session ${sessionId} of an AI agent of this team.`);
  }
  return session;
}

/**
 * AI sessions read lately: an agent calls many tools a second, and a session's team and permissions never
 * change. Its end reaches the page's copy at once (the relay); a hand-over made on another node applies
 * here within this.
 */
const SESSION_TRUSTED_MS = 2000;
const recentSessions = () => processCache<{ session: SessionRow }>("mcp-sessions", SESSION_TRUSTED_MS);

export function handedOver(session: SessionRow): boolean {
  return session.metadata[HANDED_OVER] === true;
}

const notStarted = (reason: StartSessionOutput["reason"], message: string, sessionId: string | null = null): StartSessionOutput => ({
  started: false,
  session_id: sessionId,
  reason,
  message,
});

/**
 * Opens a session with the visitor the way an agent's watch link does (the same request, permissions
 * and defaults, the same concurrent-session limit), then waits for the visitor's consent and page.
 */
export async function startAiSession(
  db: Db,
  caller: AiCaller,
  input: { visitor_id: string; agent_name: string; permissions?: Partial<Permissions>; wait_seconds: number },
): Promise<StartSessionOutput> {
  const agentName = plainName(input.agent_name);
  const request = watchUrlRequestSchema.parse({
    agent: { id: `ai:${caller.keyId}:${agentName}`.slice(0, 200), name: automatedName(agentName) },
    permissions: input.permissions ?? {},
    metadata: { [AUTOMATED]: true, api_key: caller.keyName },
  });
  let link: { watch_url: string };
  try {
    link = await createWatchLink(db, caller.team, input.visitor_id, request);
  } catch (error) {
    if (error instanceof ServiceError && error.code === "visitor_not_found") return notStarted("visitor_not_found", error.message);
    if (error instanceof ServiceError && error.code === "subscription_limit") return notStarted("session_limit", error.message);
    throw error;
  }
  const opened = await openWatchLink(db, watchLinkToken(link.watch_url));
  if (!opened.ok) {
    return opened.reason === "session_limit"
      ? notStarted("session_limit", `The account allows ${opened.limit} concurrent sessions.`)
      : notStarted("ended", `The session could not open (${opened.reason}).`);
  }
  const sessionId = opened.sessionId;
  // As a watch page does when it connects: follow the session, count it attended, call the visitor's page.
  const mirror = await mirrorOf(sessionId);
  await markSessionsAttended(db, [sessionId]);
  const found = await loadSession(db, sessionId);
  if (!found) return notStarted("ended", "The session is gone.");
  await liveRelay().publishToVisitor(found.session.visitorId, await announceSession(db, found.session, found.team));
  await broadcastStatus(db, sessionId);

  const deadline = Date.now() + input.wait_seconds * 1000;
  for (;;) {
    const current = await loadSession(db, sessionId);
    if (!current || current.session.status !== "ongoing") {
      // Sessions declined before "declined" was its own reason ended as "visitor" without going live.
      const declined = current?.session.endReason === "declined" || (current?.session.endReason === "visitor" && !current.session.wentLive);
      return notStarted(
        declined ? "declined" : "ended",
        declined ? "The visitor declined." : `The session ended (${current?.session.endReason ?? "gone"}).`,
        sessionId,
      );
    }
    const left = deadline - Date.now();
    // Accepted, with the page in: answered once the parts of its snapshot left to slices came too (the
    // agent reads next), or at the deadline with what came (read_page waits for the rest).
    if (!needsConsent(current.session, current.team) && mirror.tree.root && (!mirror.tree.assembling || left <= 0)) {
      return { started: true, session_id: sessionId, reason: "accepted", message: "The visitor accepted: the page is live. Read it with read_page." };
    }
    if (left <= 0) break;
    await mirror.nextChange(Math.min(left, 1000));
  }
  await endSession(db, sessionId, "api", { kind: "api_key", keyId: caller.keyId });
  dropMirror(sessionId);
  return notStarted("timeout", `The visitor did not accept within ${input.wait_seconds} s: the session was ended.`, sessionId);
}

/**
 * Ends the session; once handed over, the AI agent only leaves it (false): the person's session goes on,
 * without the agent's drawings. The session's row is read afresh and not kept: a call right after sees
 * it ended.
 */
export async function endAiSession(db: Db, caller: AiCaller, sessionId: string): Promise<EndSessionOutput> {
  recentSessions().delete(sessionId);
  const session = await aiSession(db, caller, sessionId);
  recentSessions().delete(sessionId);
  if (session.status !== "ongoing") return { ended: false, reason: "ended", message: "The session had already ended." };
  if (handedOver(session)) {
    if (toolAllowed(session.permissions, "clear"))
      await liveRelay().publishToVisitor(session.visitorId, { type: "control", sessionId, control: { tool: "clear" } });
    dropMirror(sessionId);
    return { ended: false, reason: "handed_over", message: "You left the session; it goes on with the person it was handed over to." };
  }
  const ended = await endSession(db, sessionId, "agent", { kind: "api_key", keyId: caller.keyId });
  dropMirror(sessionId);
  return { ended, reason: "ended", message: ended ? "The session has ended." : "The session had already ended." };
}

/**
 * From now on a person of the team takes the session: the AI agent's tools only read. The session is
 * not handed to anyone in particular: any signed-in agent of the team who opens the visitor in the
 * console and co-browses joins it (and is credited under their own name). The agent's `note` is added
 * to the session's notes, which the person sees.
 */
export async function handOver(db: Db, caller: AiCaller, sessionId: string, note?: string): Promise<HandOverOutput> {
  const session = await aiSession(db, caller, sessionId);
  if (session.status !== "ongoing") throw new ServiceError("session_ended", "The session has ended.");
  const noted = note?.trim() ? `${currentNotes(session) ? `${currentNotes(session)}\n\n` : ""}${note.trim()}` : null;
  await db
    .update(sessions)
    .set({
      metadata: sql`${sessions.metadata} || ${JSON.stringify({ [HANDED_OVER]: true })}::jsonb`,
      ...(noted !== null ? { agentNotes: noted } : {}),
    })
    .where(eq(sessions.id, sessionId));
  recentSessions().delete(sessionId);
  return {
    handed_over: true,
    console_url: `${publicBaseUrl()}/visitors/${encodeURIComponent(session.visitorId)}`,
    message:
      "Handed over: the first agent of the team who opens this visitor in Tandem's console and co-browses joins this session. You can still read the page.",
  };
}
