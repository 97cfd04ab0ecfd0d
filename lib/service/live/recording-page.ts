import "server-only";
import type { Db } from "@/lib/db";
import { loadSession } from "./live-session";
import type { RecordedEvent } from "@/lib/contract";
import { recordingStore, verifyRecordingToken } from "./recordings";

export interface RecordingSummary {
  visitorId: string;
  startedAt: string;
  videoStatus: string | null;
}

/** The session behind a recording link, or null for a tampered link or a session never recorded. */
export async function describeRecording(db: Db, token: string): Promise<RecordingSummary | null> {
  const sessionId = verifyRecordingToken(token);
  const found = sessionId ? await loadSession(db, sessionId) : null;
  if (!found?.session.videoStatus) return null;
  return { visitorId: found.session.visitorId, startedAt: found.session.startedAt.toISOString(), videoStatus: found.session.videoStatus };
}

export async function recordingEvents(db: Db, token: string): Promise<RecordedEvent[] | null> {
  const recording = await describeRecording(db, token);
  return recording ? await recordingStore().read(verifyRecordingToken(token)!) : null;
}
