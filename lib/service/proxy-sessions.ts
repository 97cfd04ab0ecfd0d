import "server-only";
import type { ProxySessionRequest } from "@/lib/contract";
import { ServiceError } from "./errors";
import { publicBaseUrl, signLink } from "./signing";
import type { Team } from "./teams";

export const PROXY_LINK_TTL_MS = 5 * 60_000;
export const DEFAULT_INITIAL_URL = "https://example.com/";

function hostAllowed(host: string, patterns: string[]): boolean {
  return patterns.some((pattern) => pattern === "*" || host === pattern || (pattern.startsWith("*.") && host.endsWith(pattern.slice(1))));
}

/** POST /v1.3/proxy_sessions: 402 while universal proxy is off; else a signed, expiring proxy link. */
export async function createProxySession(team: Team, request: ProxySessionRequest): Promise<{ proxy_url: string }> {
  if (!team.proxyEnabled) throw new ServiceError("proxy_not_enabled", "Universal proxy is not enabled for this account.");
  const initialUrl = request.initial_url ?? DEFAULT_INITIAL_URL;
  if (!hostAllowed(new URL(initialUrl).hostname, request.allowed_domains)) {
    throw new ServiceError("invalid_request", "initial_url: its domain is not in allowed_domains");
  }
  const expiresAt = new Date(Date.now() + PROXY_LINK_TTL_MS);
  const token = await signLink(
    "proxy",
    { team: team.id, initial_url: initialUrl, allowed_domains: request.allowed_domains, retry_url: request.branding.retry_url },
    expiresAt,
  );
  return { proxy_url: `${publicBaseUrl()}/proxy/${token}` };
}
