import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { decodeSegment, PROXY_SESSION_PREFIX } from "@/lib/contract/proxy-url";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";
import { sessions } from "../core/schema";
import type { ProxySession } from "./sessions";

/**
 * The agent's mirror replays a proxied page in another browser, which has no proxy session cookie: it
 * asks for the page's images, fonts, stylesheets and media at `/mirror/<token>/s/<id>/…`, the token
 * naming the live session it is shown in and the proxy session it fetches through. Only the agent's
 * stream hands those addresses out, so only an agent watching a live session of the proxy session's team
 * can use them, only while it goes on, and only for the proxy session its visitor's page was in: the
 * token of one proxy session's page fetches nothing through another of the same team.
 */
export const MIRROR_PREFIX = "/mirror/";

const LIVE_SESSION_ID = /^s_[A-Za-z0-9]+$/;

let key: Buffer | undefined;
function mac(liveSessionId: string, proxySessionId: string): Buffer {
  // Derived from the link-signing secret under a label of its own: no other token is a mirror token.
  key ??= createHmac("sha256", loadSecret(env().DATA_DIR, SECRET_FILES.links, env().LINK_SIGNING_SECRET))
    .update("tandem proxy mirror")
    .digest();
  return createHmac("sha256", key).update(`${liveSessionId}\n${proxySessionId}`).digest();
}

/**
 * The mirror's token for live session `liveSessionId` fetching through proxy session `proxySessionId`:
 * the live session's id and a MAC of both (valid while the live session is ongoing).
 */
export function mirrorToken(liveSessionId: string, proxySessionId: string): string {
  return `${liveSessionId}.${mac(liveSessionId, proxySessionId).toString("base64url")}`;
}

function liveSessionOf(token: string, proxySessionId: string): string | null {
  const [id, signature, extra] = token.split(".");
  if (!id || !signature || extra !== undefined || !LIVE_SESSION_ID.test(id)) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(id, proxySessionId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** Whether `token` lets the agent's mirror fetch assets of `proxySession`: made for it, its live session ongoing, of the same team. */
export async function mirrorMayFetch(db: Db, token: string, proxySession: ProxySession): Promise<boolean> {
  const liveSessionId = liveSessionOf(token, proxySession.id);
  if (!liveSessionId) return false;
  const [live] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, liveSessionId), eq(sessions.teamId, proxySession.teamId), eq(sessions.status, "ongoing")));
  return Boolean(live);
}

/**
 * A message of the agent's stream as JSON, every proxied address of the proxy (`proxyOrigin`) turned into
 * the mirror's address of the same thing, with the token of its own proxy session, wherever the recording
 * holds it (attributes, srcset, style text). Serialized once: the stream sends the text as it is.
 */
export function mirroredJson(liveSessionId: string, proxyOrigin: string): (message: unknown) => string {
  const proxied = new RegExp(`${escapeRegExp(proxyOrigin)}${PROXY_SESSION_PREFIX}([^/"\\\\]+)/`, "g");
  const tokens = new Map<string, string>();
  const tokenFor = (proxySessionId: string) => {
    let token = tokens.get(proxySessionId);
    if (!token) tokens.set(proxySessionId, (token = mirrorToken(liveSessionId, decodeSegment(proxySessionId) ?? proxySessionId)));
    return token;
  };
  return (message) => JSON.stringify(message).replace(proxied, (_, id: string) => `${proxyOrigin}${MIRROR_PREFIX}${tokenFor(id)}${PROXY_SESSION_PREFIX}${id}/`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
