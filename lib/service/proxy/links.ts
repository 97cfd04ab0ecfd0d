import "server-only";
import type { ProxySessionRequest } from "@/lib/contract";
import { ServiceError } from "../core/errors";
import { newId } from "../core/ids";
import { hostAllowed } from "@/lib/contract/proxy-link";
import { proxyOrigin } from "./origin";
import { signLink } from "../core/signing";
import type { Team } from "../teams/team";

export const PROXY_LINK_TTL_MS = 5 * 60_000;
export const DEFAULT_INITIAL_URL = "https://example.com/";

/** What a proxy session link carries (signed): the team, where to start, where the visitor may go. */
export interface ProxyLinkClaims {
  team: string;
  initial_url: string;
  allowed_domains: string[];
  retry_url: string | null;
}

/** POST /v1.3/proxy_sessions: 402 while universal proxy is off; else a signed, expiring, single-use link on the proxy's origin. */
export async function createProxySession(team: Team, request: ProxySessionRequest): Promise<{ proxy_url: string }> {
  if (!team.proxyEnabled) throw new ServiceError("proxy_not_enabled", "Universal proxy is not enabled for this account.");
  const initialUrl = request.initial_url ?? DEFAULT_INITIAL_URL;
  if (!hostAllowed(new URL(initialUrl).hostname, request.allowed_domains)) {
    throw new ServiceError("invalid_request", "initial_url: its domain is not in allowed_domains");
  }
  const expiresAt = new Date(Date.now() + PROXY_LINK_TTL_MS);
  const claims: ProxyLinkClaims = { team: team.id, initial_url: initialUrl, allowed_domains: request.allowed_domains, retry_url: request.branding.retry_url };
  // A fresh jti: two links made from the same request in the same second are still two links.
  const token = await signLink("proxy", { ...claims, jti: newId("", 16) }, expiresAt);
  return { proxy_url: `${proxyOrigin()}/proxy/${token}` };
}
