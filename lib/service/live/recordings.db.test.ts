import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { newId } from "../core/ids";
import { recordingChunks, sessions } from "../core/schema";
import { databaseWithTeam } from "../visitors/ingest/test-fixtures";
import type { RecordedEvent } from "@/lib/contract";
import { FLUSH_AFTER_MS, RecordingStore } from "./recordings-store";

const fixture = databaseWithTeam();

const event = (timestamp: number): RecordedEvent => ({ type: 3, timestamp, data: { source: 0, text: "the visitor's page changed" } });
const events = (from: number, count: number) => Array.from({ length: count }, (_, index) => event(from + index));

async function newSession(): Promise<string> {
  const id = newId("s_", 16);
  await fixture.db.insert(sessions).values({ id, teamId: fixture.team.id, visitorId: "V1SITOR" });
  return id;
}

// Two stores on one database: two app nodes.
const newNode = () => new RecordingStore(async () => fixture.db);
const chunksOf = (sessionId: string) => fixture.db.select().from(recordingChunks).where(eq(recordingChunks.sessionId, sessionId)).orderBy(recordingChunks.id);

describe("RecordingStore", () => {
  it("keeps the events of a write the database refused, and writes them in order once it is back", async () => {
    const sessionId = await newSession();
    let down = true;
    const node = new RecordingStore(async () => (down ? Promise.reject(new Error("Connection terminated unexpectedly")) : fixture.db));
    await node.append(sessionId, events(0, 10));
    await expect(node.finish(sessionId)).rejects.toThrow("Connection terminated unexpectedly");
    await node.append(sessionId, events(10, 5));
    down = false;
    await node.finish(sessionId);
    expect(await newNode().read(sessionId)).toEqual(events(0, 15));
  });

  it("writes compressed chunks that another node reads back in order, with the writer's buffered tail", async () => {
    const sessionId = await newSession();
    const [receiver, replayer] = [newNode(), newNode()];
    const all = events(0, 600);
    await receiver.append(sessionId, all.slice(0, 550)); // past the flush threshold: written at once
    await receiver.append(sessionId, all.slice(550));
    expect(await receiver.read(sessionId)).toEqual(all);
    expect(await replayer.read(sessionId)).toEqual(all.slice(0, 550));

    const [chunk] = await chunksOf(sessionId);
    expect(chunk.events.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(chunk.events.length).toBeLessThan(JSON.stringify(all.slice(0, 550)).length / 10);
    expect(JSON.parse(gunzipSync(chunk.events).toString("utf8"))).toEqual(all.slice(0, 550));
  });

  it("writes what is buffered as soon as the session is finished", async () => {
    const sessionId = await newSession();
    const [receiver, replayer] = [newNode(), newNode()];
    await receiver.append(sessionId, events(0, 3));
    await receiver.finish(sessionId);
    expect(await replayer.read(sessionId)).toEqual(events(0, 3));
    expect(await chunksOf(sessionId)).toHaveLength(1);
  });

  it("writes buffered events a second after the first of them came, without a finish", async () => {
    const sessionId = await newSession();
    const [receiver, replayer] = [newNode(), newNode()];
    const appendedAt = Date.now();
    await receiver.append(sessionId, events(0, 2));
    await receiver.append(sessionId, events(2, 2));
    expect(await replayer.read(sessionId)).toBeNull();
    await vi.waitFor(async () => expect(await replayer.read(sessionId)).toEqual(events(0, 4)), { timeout: 5_000, interval: 100 });
    expect(Date.now() - appendedAt).toBeGreaterThanOrEqual(FLUSH_AFTER_MS);
    expect(await chunksOf(sessionId)).toHaveLength(1);
  });

  it("answers null for a session never recorded, and finishing it touches no database", async () => {
    expect(await newNode().read(await newSession())).toBeNull();
    const unreachable = new RecordingStore(() => Promise.reject(new Error("no database")));
    await expect(unreachable.finish("s_NEVERRECORDED")).resolves.toBeUndefined();
  });

  it("loses a session's chunks with the session", async () => {
    const sessionId = await newSession();
    const node = newNode();
    await node.append(sessionId, events(0, 5));
    await node.finish(sessionId);
    await fixture.db.delete(sessions).where(eq(sessions.id, sessionId));
    expect(await chunksOf(sessionId)).toEqual([]);
    expect(await node.read(sessionId)).toBeNull();
  });
});
