import "server-only";
import type { OnpremTokenRequest, OnpremWatchUrlRequest } from "@/lib/contract";
import type { Db, Tx } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { newId } from "../core/ids";
import { signLink, verifyLink } from "../core/signing";
import { spendToken } from "../core/spent-tokens";
import type { Team } from "../teams/team";
import { createWatchLink } from "./watch-links";

export const LICENSE_TOKEN_TTL_MS = 5 * 60_000;

interface LicenseClaims {
  /** The token's id: it makes one watch link, then it is spent. */
  jti: string;
  team: string;
  sub: string;
  agent: { id: string; name: string };
}

/** POST /v1.3/onpremise/token: a short-lived, single-use token naming team, visitor and agent; 402 without a licence. */
export async function createOnpremToken(team: Team, request: OnpremTokenRequest): Promise<{ authorized: true; token: string }> {
  if (!team.onpremLicensed) throw new ServiceError("not_authorized", "This account has no on-premise licence.");
  const claims: LicenseClaims = { jti: newId("lt_", 20), team: team.id, sub: request.visitor_id, agent: request.agent };
  return { authorized: true, token: await signLink("onprem-license", { ...claims }, new Date(Date.now() + LICENSE_TOKEN_TTL_MS)) };
}

/**
 * Spends the on-premise watch_url's licenseToken: signed by us, not expired, for this team, this visitor
 * and this agent, and not used before. Call it in the transaction that makes the link.
 */
async function spendLicenseToken(tx: Tx, team: Team, visitorId: string, agentId: string, token: string): Promise<void> {
  const check = await verifyLink<Partial<LicenseClaims>>("onprem-license", token);
  if (!check.ok) throw new ServiceError("not_authorized", check.reason === "expired" ? "The licence token has expired." : "The licence token is not valid.");
  const { jti, team: teamId, sub, agent, exp } = check.claims;
  if (!jti || !exp) throw new ServiceError("not_authorized", "The licence token is not valid.");
  if (teamId !== team.id || sub !== visitorId) throw new ServiceError("not_authorized", "The licence token was issued for another visitor.");
  if (agent?.id !== agentId) throw new ServiceError("not_authorized", "The licence token was issued for another agent.");
  if (!(await spendToken(tx, jti, new Date(exp * 1000)))) throw new ServiceError("not_authorized", "The licence token has already been used.");
}

/** The on-premise watch link: one per licence token, the token spent in the same transaction as the link is made. */
export async function createOnpremWatchLink(db: Db, team: Team, visitorId: string, body: OnpremWatchUrlRequest): Promise<{ watch_url: string }> {
  const { licenseToken, ...request } = body;
  return db.transaction(async (tx) => {
    await spendLicenseToken(tx, team, visitorId, request.agent.id, licenseToken);
    const { watch_url } = await createWatchLink(tx as unknown as Db, team, visitorId, request, { onPremise: true });
    return { watch_url };
  });
}
