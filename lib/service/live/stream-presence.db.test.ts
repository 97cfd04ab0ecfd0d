import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "../core/ids";
import { sessions, visitors } from "../core/schema";
import { endSession } from "./end";
import { databaseWithTeam } from "../visitors/ingest/test-fixtures";
import { attendSession, beatPresence, holdVisitorOnline } from "./stream-presence";

const fixture = databaseWithTeam();

const longAgo = new Date("2026-01-01T00:00:00Z");

async function visitorWithSession() {
  const visitorId = newId("", 8).toUpperCase();
  await fixture.db.insert(visitors).values({ shortId: visitorId, teamId: fixture.team.id, tokenHash: "x", lastSeenAt: longAgo, onlineUntil: longAgo });
  const sessionId = newId("s_", 16);
  await fixture.db.insert(sessions).values({ id: sessionId, teamId: fixture.team.id, visitorId, agentSeenAt: longAgo });
  return { visitorId, sessionId };
}

const visitorRow = async (visitorId: string) => (await fixture.db.select().from(visitors).where(eq(visitors.shortId, visitorId)))[0];
const sessionRow = async (sessionId: string) => (await fixture.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0];

describe("the streams' presence beat", () => {
  it("keeps every visitor holding a stream online and every watched session attended, in one beat", async () => {
    const first = await visitorWithSession();
    const second = await visitorWithSession();
    const releases = [
      holdVisitorOnline(first.visitorId),
      holdVisitorOnline(second.visitorId),
      attendSession(first.sessionId, () => {}),
      attendSession(second.sessionId, () => {}),
    ];
    const before = Date.now();
    await beatPresence(fixture.db);
    for (const { visitorId, sessionId } of [first, second]) {
      expect((await visitorRow(visitorId)).onlineUntil.getTime()).toBeGreaterThan(before);
      expect((await sessionRow(sessionId)).agentSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    releases.forEach((release) => release());
  });

  it("stops writing a visitor once its last stream is released, and a session once its last page left", async () => {
    const { visitorId, sessionId } = await visitorWithSession();
    const releaseFirst = holdVisitorOnline(visitorId);
    const releaseSecond = holdVisitorOnline(visitorId);
    const leave = attendSession(sessionId, () => {});
    releaseFirst();
    await beatPresence(fixture.db);
    expect((await visitorRow(visitorId)).onlineUntil.getTime()).toBeGreaterThan(Date.now()); // one stream still open
    releaseSecond();
    releaseSecond(); // a release runs once
    leave();
    await fixture.db.update(visitors).set({ onlineUntil: longAgo }).where(eq(visitors.shortId, visitorId));
    await fixture.db.update(sessions).set({ agentSeenAt: longAgo }).where(eq(sessions.id, sessionId));
    await beatPresence(fixture.db);
    expect((await visitorRow(visitorId)).onlineUntil).toEqual(longAgo);
    expect((await sessionRow(sessionId)).agentSeenAt).toEqual(longAgo);
  });

  it("tells the watch pages of a session that ended elsewhere, with its reason, and leaves the others be", async () => {
    const ended = await visitorWithSession();
    const ongoing = await visitorWithSession();
    const told: string[] = [];
    const leaves = [
      attendSession(ended.sessionId, (reason) => told.push(`A ${reason}`)),
      attendSession(ended.sessionId, (reason) => told.push(`B ${reason}`)),
      attendSession(ongoing.sessionId, (reason) => told.push(`C ${reason}`)),
    ];
    await endSession(fixture.db, ended.sessionId, "visitor", { kind: "visitor" });
    await beatPresence(fixture.db);
    expect(told.sort()).toEqual(["A visitor", "B visitor"]);
    expect((await sessionRow(ended.sessionId)).agentSeenAt).toEqual(longAgo); // an ended session is not touched
    leaves.forEach((leave) => leave());
  });
});
