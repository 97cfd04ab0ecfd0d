import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { env } from "@/lib/env";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";
import type { RecordedEvent } from "./messages";

/**
 * Where a recorded session's events are kept, compressed. The file implementation keeps one gzip file per
 * session under `$DATA_DIR/recordings` (one app node); a database or object-store one can take its place.
 */
export interface RecordingStore {
  append(sessionId: string, events: RecordedEvent[]): void;
  /** Writes what is still buffered: the session ended. */
  finish(sessionId: string): void;
  read(sessionId: string): RecordedEvent[] | null;
}

/** Buffered events are written as one gzip member once this many have come (and at the end). */
const FLUSH_EVENTS = 500;
const SESSION_ID = /^s_[A-Za-z0-9]+$/;

export class FileRecordingStore implements RecordingStore {
  private readonly buffers = new Map<string, RecordedEvent[]>();

  constructor(private readonly folder: string) {}

  private file(sessionId: string): string {
    if (!SESSION_ID.test(sessionId)) throw new Error(`not a session id: ${sessionId}`);
    return path.join(this.folder, `${sessionId}.ndjson.gz`);
  }

  private flush(sessionId: string): void {
    const buffered = this.buffers.get(sessionId);
    this.buffers.delete(sessionId);
    if (!buffered?.length) return;
    fs.mkdirSync(this.folder, { recursive: true });
    // Concatenated gzip members are one valid gzip file: appending never rewrites what is stored.
    fs.appendFileSync(this.file(sessionId), gzipSync(JSON.stringify(buffered) + "\n"));
  }

  append(sessionId: string, events: RecordedEvent[]): void {
    const buffered = this.buffers.get(sessionId) ?? [];
    buffered.push(...events);
    this.buffers.set(sessionId, buffered);
    if (buffered.length >= FLUSH_EVENTS) this.flush(sessionId);
  }

  finish(sessionId: string): void {
    this.flush(sessionId);
  }

  read(sessionId: string): RecordedEvent[] | null {
    let stored: Buffer;
    try {
      stored = fs.readFileSync(this.file(sessionId));
    } catch {
      return null;
    }
    const lines = gunzipSync(stored).toString("utf8").split("\n").filter(Boolean);
    return [...lines.flatMap((line) => JSON.parse(line) as RecordedEvent[]), ...(this.buffers.get(sessionId) ?? [])];
  }
}

const storeSlot = Symbol.for("tandem.recording-store");

export function recordingStore(): RecordingStore {
  const holder = globalThis as { [storeSlot]?: RecordingStore };
  holder[storeSlot] ??= new FileRecordingStore(path.join(env().DATA_DIR, "recordings"));
  return holder[storeSlot];
}

/**
 * The token in a recording's `video_url`: the session id and an HMAC of it (a key derived from the
 * link-signing secret with a label of its own). It does not expire, like the API's video_url.
 */
function mac(sessionId: string): Buffer {
  const key = createHmac("sha256", loadSecret(env().DATA_DIR, SECRET_FILES.links, env().LINK_SIGNING_SECRET)).update("tandem recording").digest();
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
