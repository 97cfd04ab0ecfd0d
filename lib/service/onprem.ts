import "server-only";
import type { OnpremTokenRequest } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { ServiceError } from "./errors";
import { signLink, verifyLink } from "./signing";
import type { Team } from "./teams";

export const LICENSE_TOKEN_TTL_MS = 5 * 60_000;

interface LicenseClaims {
  team: string;
  sub: string;
  agent: { id: string; name: string };
}

/** POST /v1.3/onpremise/token: a short-lived token naming team, visitor and agent; 402 without a licence. */
export async function createOnpremToken(team: Team, request: OnpremTokenRequest): Promise<{ authorized: true; token: string }> {
  if (!team.onpremLicensed) throw new ServiceError("not_authorized", "This account has no on-premise licence.");
  const claims: LicenseClaims = { team: team.id, sub: request.visitor_id, agent: request.agent };
  return { authorized: true, token: await signLink("onprem-license", { ...claims }, new Date(Date.now() + LICENSE_TOKEN_TTL_MS)) };
}

/** The on-premise watch_url's licenseToken: signed by us, not expired, for this team and this visitor. */
export async function checkLicenseToken(_db: Db, team: Team, visitorId: string, token: string): Promise<void> {
  const check = await verifyLink<LicenseClaims>("onprem-license", token);
  if (!check.ok) throw new ServiceError("not_authorized", check.reason === "expired" ? "The licence token has expired." : "The licence token is not valid.");
  if (check.claims.team !== team.id || check.claims.sub !== visitorId) {
    throw new ServiceError("not_authorized", "The licence token was issued for another visitor.");
  }
}
