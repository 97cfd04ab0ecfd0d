import "server-only";
import { createHmac } from "node:crypto";
import type { IceConfig } from "@/lib/contract/call";
import { env } from "@/lib/env";

/**
 * The ICE servers one side of one call is given. A TURN server gets credentials of coturn's REST scheme
 * (`use-auth-secret`): the username is `<unix time it expires>:<call>-<side>` and the password
 * base64(HMAC-SHA1(TURN_SECRET, username)), which coturn checks with the same secret. Only these
 * short-lived credentials reach a browser, never the secret.
 */
export function iceConfigFor(callId: string, side: "agent" | "visitor", now = Date.now()): IceConfig {
  const config = env();
  const iceServers: IceConfig["iceServers"] = [];
  if (config.STUN_URLS.length) iceServers.push({ urls: config.STUN_URLS });
  if (config.TURN_URLS.length && config.TURN_SECRET) {
    const username = `${Math.floor(now / 1000) + config.TURN_CREDENTIAL_TTL_SECONDS}:${callId}-${side}`;
    iceServers.push({ urls: config.TURN_URLS, username, credential: turnPassword(config.TURN_SECRET, username) });
  }
  return { iceServers, iceTransportPolicy: config.ICE_TRANSPORT_POLICY };
}

export function turnPassword(secret: string, username: string): string {
  return createHmac("sha1", secret).update(username).digest("base64");
}
