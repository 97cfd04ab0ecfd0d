import "server-only";
import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { env } from "@/lib/env";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";

/**
 * The agent's credential for one session. The watch link expires within minutes, so opening it hands
 * the watch page this token instead: short-lived, and renewed over the open stream while connected.
 */
export const VIEWER_TOKEN_SECONDS = 10 * 60;
/** The stream sends a fresh token this often, well before the previous one expires. */
export const VIEWER_TOKEN_REFRESH_MS = 4 * 60 * 1000;

export interface ViewerClaims {
  sessionId: string;
  agentId: string;
}

let key: Uint8Array | undefined;
function viewerKey(): Uint8Array {
  // Derived from the link-signing secret with a label of its own, so no watch link is a viewer token.
  key ??= createHmac("sha256", loadSecret(env().DATA_DIR, SECRET_FILES.links, env().LINK_SIGNING_SECRET))
    .update("tandem viewer token")
    .digest();
  return key;
}

export async function signViewerToken(claims: ViewerClaims, now = Date.now()): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, agent: claims.agentId, purpose: "viewer" })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + VIEWER_TOKEN_SECONDS)
    .sign(viewerKey());
}

export async function verifyViewerToken(token: string | null | undefined): Promise<ViewerClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, viewerKey(), { algorithms: ["HS256"] });
    if (payload.purpose !== "viewer" || typeof payload.sid !== "string" || typeof payload.agent !== "string") return null;
    return { sessionId: payload.sid, agentId: payload.agent };
  } catch {
    return null;
  }
}
