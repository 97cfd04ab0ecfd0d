import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";
import { publicBaseUrl } from "../core/signing";

const SESSION_ID = /^s_[A-Za-z0-9]+$/;
const EXPIRY = /^\d{1,12}$/;

/**
 * The token of a recording's `video_url`: the session id, when it stops opening the replay (Unix
 * seconds), and an HMAC of both with a key derived from the link-signing secret under a label of its
 * own. The expiry is signed, so a link cannot be stretched; each read of the session mints a new one.
 */
let key: Buffer | undefined;
function mac(payload: string): Buffer {
  key ??= createHmac("sha256", loadSecret(env().DATA_DIR, SECRET_FILES.links, env().LINK_SIGNING_SECRET))
    .update("tandem recording link")
    .digest();
  return createHmac("sha256", key).update(payload).digest();
}

export function recordingToken(sessionId: string, expiresAt: Date): string {
  const payload = `${sessionId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${mac(payload).toString("base64url")}`;
}

/** The replay page's address for a session, valid for the team's recording-link lifetime from `now`. */
export function recordingUrl(sessionId: string, lifetimeHours: number, now = Date.now()): string {
  return `${publicBaseUrl()}/watch/recordings/${recordingToken(sessionId, new Date(now + lifetimeHours * 3_600_000))}`;
}

export type RecordingTokenCheck = { ok: true; sessionId: string } | { ok: false; reason: "expired" | "invalid" };

/** Signature first, then expiry: a forged token is "invalid" whatever its date says. */
export function verifyRecordingToken(token: string | null | undefined, now = Date.now()): RecordingTokenCheck {
  const [sessionId, expiry, signature, extra] = (token ?? "").split(".");
  if (!sessionId || !expiry || !signature || extra !== undefined || !SESSION_ID.test(sessionId) || !EXPIRY.test(expiry)) {
    return { ok: false, reason: "invalid" };
  }
  const expected = mac(`${sessionId}.${expiry}`);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  return Number(expiry) * 1000 > now ? { ok: true, sessionId } : { ok: false, reason: "expired" };
}
