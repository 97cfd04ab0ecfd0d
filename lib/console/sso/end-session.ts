import "server-only";
import { Issuer } from "openid-client";
import type { SsoConfig } from "./config";

const DISCOVERY_TTL_MS = 10 * 60_000;
let discovered: { url: string; at: number; issuer: Promise<Issuer> } | undefined;

/** The provider's discovery document, fetched at most every 10 minutes (a failed fetch is retried next time). */
function discover(config: SsoConfig, now: number): Promise<Issuer> {
  if (!discovered || discovered.url !== config.wellKnownUrl || now - discovered.at > DISCOVERY_TTL_MS) {
    const issuer = Issuer.discover(config.wellKnownUrl);
    issuer.catch(() => (discovered = undefined));
    discovered = { url: config.wellKnownUrl, at: now, issuer };
  }
  return discovered.issuer;
}

/** The provider's discovery, or null when it cannot be read now. */
export async function providerDiscovery(config: SsoConfig, now = Date.now()): Promise<Issuer | null> {
  return discover(config, now).catch(() => null);
}

/**
 * Where to send the browser after the console session ends, to end the provider's session too
 * (RP-initiated logout): the provider's end_session_endpoint with the id_token as a hint and the sign-in
 * page to come back to. Null when the provider offers no such endpoint or cannot be reached, so signing
 * out of the console never waits on it.
 */
export async function providerSignOutUrl(config: SsoConfig, idToken: string | undefined, now = Date.now()): Promise<string | null> {
  const issuer = await providerDiscovery(config, now);
  if (!issuer?.metadata.end_session_endpoint) return null;
  try {
    const client = new issuer.Client({ client_id: config.clientId, token_endpoint_auth_method: "none" });
    return client.endSessionUrl({ id_token_hint: idToken, post_logout_redirect_uri: config.postLogoutRedirectUrl });
  } catch {
    return null;
  }
}
