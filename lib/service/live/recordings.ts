import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";
import { RecordingStore } from "./recordings-store";

const storeSlot = Symbol.for("tandem.recording-store");

/** The process's recording store (one buffer per process, however many bundles load this module). */
export function recordingStore(): RecordingStore {
  const holder = globalThis as { [storeSlot]?: RecordingStore };
  holder[storeSlot] ??= new RecordingStore(getDb);
  return holder[storeSlot];
}

const SESSION_ID = /^s_[A-Za-z0-9]+$/;

/**
 * The token in a recording's `video_url`: the session id and an HMAC of it (a key derived from the
 * link-signing secret with a label of its own). It does not expire, like the API's video_url.
 */
let key: Buffer | undefined;
function mac(sessionId: string): Buffer {
  key ??= createHmac("sha256", loadSecret(env().DATA_DIR, SECRET_FILES.links, env().LINK_SIGNING_SECRET))
    .update("tandem recording")
    .digest();
  return createHmac("sha256", key).update(sessionId).digest();
}

export function recordingToken(sessionId: string): string {
  return `${sessionId}.${mac(sessionId).toString("base64url")}`;
}

export function verifyRecordingToken(token: string): string | null {
  const [sessionId, signature, extra] = token.split(".");
  if (!sessionId || !signature || extra !== undefined || !SESSION_ID.test(sessionId)) return null;
  const expected = mac(sessionId);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : null;
}
