import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { RecordedEvent } from "@/lib/contract";
import { newId } from "../core/ids";
import { recordingChunks, sessions } from "../core/schema";
import { endSession } from "./end";
import { deleteVisitor, purgeOfflineVisitors } from "../visitors/delete";
import { leaveVisitor } from "../visitors/ingest/leave";
import { registerVisitor } from "../visitors/ingest/register";
import { databaseWithTeam, desktopChrome } from "../visitors/ingest/test-fixtures";
import { findRecording, recordingReplay } from "./recording-page";
import { recordingToken } from "../sessions/recording-token";
import { RecordingStore } from "./recordings-store";

vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "recording-page-test-link-signing-secret-0123456789";
});

const fixture = databaseWithTeam();
const HOUR = 3_600_000;
const page: RecordedEvent[] = [
  { type: 4, timestamp: 1, data: { href: "https://shop.example.com/", width: 1280, height: 800 } },
  { type: 2, timestamp: 2, data: { node: { type: 0, childNodes: [], id: 1 } } },
];

/** An offline visitor with a recorded session: its events stored, the session still going on. */
async function recordedVisitor() {
  const visitorId = (await registerVisitor(fixture.db, fixture.team, { url: "https://shop.example.com/" }, desktopChrome)).visitorId;
  await leaveVisitor(fixture.db, fixture.team, visitorId);
  const sessionId = newId("s_", 16);
  await fixture.db.insert(sessions).values({ id: sessionId, teamId: fixture.team.id, visitorId, videoStatus: "recording" });
  const store = new RecordingStore(async () => fixture.db);
  await store.append(sessionId, page);
  await store.finish(sessionId);
  return { visitorId, sessionId, store, token: recordingToken(sessionId, new Date(Date.now() + HOUR)) };
}

const chunksOf = (sessionId: string) => fixture.db.select().from(recordingChunks).where(eq(recordingChunks.sessionId, sessionId));

describe("a recording link", () => {
  it("serves the recording only once its session has ended", async () => {
    const recorded = await recordedVisitor();
    expect(await findRecording(fixture.db, recorded.token)).toMatchObject({ ok: true, complete: false });
    expect(await recordingReplay(fixture.db, recorded.token, recorded.store)).toBeNull();
    await endSession(fixture.db, recorded.sessionId, "api", { kind: "service" });
    expect(await recordingReplay(fixture.db, recorded.token, recorded.store)).toMatchObject({ visitorId: recorded.visitorId, events: page });
  });

  it("is refused once its lifetime has passed", async () => {
    const recorded = await recordedVisitor();
    await endSession(fixture.db, recorded.sessionId, "api", { kind: "service" });
    const expired = recordingToken(recorded.sessionId, new Date(Date.now() - 1000));
    expect(await findRecording(fixture.db, expired)).toEqual({ ok: false, reason: "expired" });
    expect(await recordingReplay(fixture.db, expired, recorded.store)).toBeNull();
  });

  it("stops serving when its visitor is deleted: the events are deleted with it, other visitors' stay", async () => {
    const [deleted, kept] = [await recordedVisitor(), await recordedVisitor()];
    await endSession(fixture.db, deleted.sessionId, "api", { kind: "service" });
    await endSession(fixture.db, kept.sessionId, "api", { kind: "service" });
    await deleteVisitor(fixture.db, fixture.team.id, deleted.visitorId);
    expect(await chunksOf(deleted.sessionId)).toHaveLength(0);
    expect(await findRecording(fixture.db, deleted.token)).toEqual({ ok: false, reason: "gone" });
    expect(await recordingReplay(fixture.db, deleted.token, deleted.store)).toBeNull();
    const [session] = await fixture.db.select().from(sessions).where(eq(sessions.id, deleted.sessionId));
    expect(session).toMatchObject({ videoStatus: null, videoUrl: null });
    expect(await recordingReplay(fixture.db, kept.token, kept.store)).toMatchObject({ events: page });
  });

  it("stops serving when a purge deletes its visitor", async () => {
    const recorded = await recordedVisitor();
    await endSession(fixture.db, recorded.sessionId, "api", { kind: "service" });
    expect(await purgeOfflineVisitors(fixture.db, fixture.team.id)).toBeGreaterThanOrEqual(1);
    expect(await chunksOf(recorded.sessionId)).toHaveLength(0);
    expect(await recordingReplay(fixture.db, recorded.token, recorded.store)).toBeNull();
  });
});
