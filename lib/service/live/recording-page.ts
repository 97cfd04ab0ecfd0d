import "server-only";
import type { Db } from "@/lib/db";
import { loadSession } from "../sessions/record";
import type { RecordedEvent } from "@/lib/contract";
import { recordingStore } from "./recordings";
import type { RecordingStore } from "./recordings-store";
import { verifyRecordingToken } from "../sessions/recording-token";

export type RecordingLookup =
  | { ok: true; sessionId: string; visitorId: string; startedAt: string; complete: boolean }
  /** `gone`: never recorded, or deleted with its visitor. */
  | { ok: false; reason: "expired" | "invalid" | "gone" };

/** The recording behind a link's token, told apart for the replay page. */
export async function findRecording(db: Db, token: string | null): Promise<RecordingLookup> {
  const check = verifyRecordingToken(token);
  if (!check.ok) return check;
  const found = await loadSession(db, check.sessionId);
  if (!found?.session.videoStatus) return { ok: false, reason: "gone" };
  const { session } = found;
  // The lifecycle marks the recording "ready" in the statement that ends the session.
  return {
    ok: true,
    sessionId: session.id,
    visitorId: session.visitorId,
    startedAt: session.startedAt.toISOString(),
    complete: session.videoStatus === "ready",
  };
}

/** A complete recording's events, or null: a bad or expired link, a session still going on, nothing stored. */
export async function recordingReplay(
  db: Db,
  token: string | null,
  store: RecordingStore = recordingStore(),
): Promise<{ visitorId: string; startedAt: string; events: RecordedEvent[] } | null> {
  const recording = await findRecording(db, token);
  if (!recording.ok || !recording.complete) return null;
  const events = await store.read(recording.sessionId);
  return events ? { visitorId: recording.visitorId, startedAt: recording.startedAt, events } : null;
}
