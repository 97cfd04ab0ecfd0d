import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { VIEWER_TOKEN_TTL_SECONDS, watchUrlRequestSchema, type ViewerTokenRequest, type ViewerTokenResponse } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { newId } from "../core/ids";
import { sessions } from "../core/schema";
import { publicBaseUrl, signLink, verifyLink } from "../core/signing";
import { spendToken } from "../core/spent-tokens";
import type { Team } from "../teams/team";
import { AGENT_GONE_MS } from "./lifecycle";
import { loadSession } from "./record";
import { createWatchLink, openWatchLink, watchLinkToken } from "./watch-links";

/** Where Tandem's own service serves sessions (the hosted API names its regions here). */
export const SELF_HOSTED_REGION = "self-hosted";

interface ViewerTokenClaims {
  jti: string;
  /** The session it opens, and nothing else. */
  sid: string;
  agent: string;
  team: string;
}

/**
 * POST /v1.4/visitors/{visitor_id}/viewer_token. The session is made by a watch link made and opened
 * at once, as an agent's would be (consent, permissions and defaults, the concurrent-session limit, the
 * end's webhook and audit), with the viewer as its agent and the page alone shown (`page_only`), all in
 * one transaction. The token names that session; it waits for its viewer as long as the token lasts.
 */
export async function createViewerToken(
  db: Db,
  caller: { team: Team; keyId: string; ip: string },
  visitorId: string,
  body: ViewerTokenRequest,
): Promise<Omit<ViewerTokenResponse, "status">> {
  const { team, keyId } = caller;
  const expiresAt = new Date(Date.now() + VIEWER_TOKEN_TTL_SECONDS * 1000);
  const request = watchUrlRequestSchema.parse({ agent: body.viewer, permissions: body.permissions, branding: { naked: "page_only" } });
  const opened = await db.transaction(async (tx) => {
    const link = await createWatchLink(tx as unknown as Db, team, visitorId, request);
    const open = await openWatchLink(tx as unknown as Db, watchLinkToken(link.watch_url));
    if (!open.ok && open.reason === "session_limit") {
      throw new ServiceError("subscription_limit", `The account allows ${open.limit} concurrent sessions.`);
    }
    if (!open.ok) throw new Error(`A watch link made for a viewer token did not open (${open.reason}).`);
    // No viewer yet: the session is attended until the token expires, then ends like an abandoned one.
    await tx
      .update(sessions)
      .set({ agentSeenAt: new Date(expiresAt.getTime() - AGENT_GONE_MS) })
      .where(eq(sessions.id, open.sessionId));
    await recordAudit(tx, {
      actorId: `api_key:${keyId}`,
      action: "viewer_token.created",
      target: open.sessionId,
      detail: { team: team.id, visitor_id: visitorId, session_id: open.sessionId, viewer: body.viewer.id },
      ip: caller.ip,
    });
    return open;
  });
  const claims: ViewerTokenClaims = { jti: newId("vt_", 20), sid: opened.sessionId, agent: opened.agentId, team: team.id };
  const token = await signLink("viewer-token", { ...claims }, expiresAt);
  return { token, endpoint: publicBaseUrl(), region: SELF_HOSTED_REGION, short_id: visitorId, session_id: opened.sessionId };
}

const refused = (message: string) => new ServiceError("invalid_viewer_token", message);

/**
 * Spends the embedded viewer's token (POST /live/viewer-tokens/redeem, live/watch-view.ts): checked first
 * that the page showing it is on one of the team's embed origins (a refusal there leaves the token
 * unspent); then spent, once. Answers the session it opens and the agent it opens it for.
 */
export async function spendViewerToken(db: Db, token: string | null, hostOrigin: string, ip: string): Promise<{ sessionId: string; agentId: string }> {
  const check = token ? await verifyLink<Partial<ViewerTokenClaims>>("viewer-token", token) : ({ ok: false, reason: "invalid" } as const);
  if (!check.ok) throw refused(check.reason === "expired" ? "The viewer token has expired: ask your server for a new one." : "The viewer token is not valid.");
  const { jti, sid, agent, team: teamId, exp } = check.claims;
  if (!jti || !sid || !agent || !teamId || !exp) throw refused("The viewer token is not valid.");
  const found = await loadSession(db, sid);
  if (!found || found.team.id !== teamId) throw new ServiceError("not_found", "The viewer token's session no longer exists.");
  if (!found.team.embedOrigins.includes(hostOrigin.toLowerCase())) {
    throw new ServiceError("forbidden", `${hostOrigin} is not one of the team's embed origins (Settings → Team).`);
  }
  const spent = await db.transaction(async (tx) => {
    if (!(await spendToken(tx, jti, new Date(exp * 1000)))) return false;
    await recordAudit(tx, { action: "viewer_token.redeemed", target: sid, detail: { team: teamId, session_id: sid, host_origin: hostOrigin }, ip });
    return true;
  });
  if (!spent) throw refused("This viewer token has already been used: a token starts one viewer, once.");
  return { sessionId: sid, agentId: agent };
}
