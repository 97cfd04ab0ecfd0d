import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { visitors } from "../../core/schema";
import { purgeOfflineVisitors } from "../delete";
import { leaveVisitor } from "./leave";
import { ONLINE_SECONDS } from "./presence";
import { InProcessPresenceKnowledge } from "./presence-knowledge";
import { PresenceWriter, WRITE_THROUGH_MARGIN_MS } from "./presence-writer";
import { registerVisitor } from "./register";
import { desktopChrome, insertTeam, seconds, visitorRow } from "./test-fixtures";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A visitor registered `ago` seconds before `now`, as its node knows it: online until `ago` + 30 s. */
async function visitorRegistered(now: Date, ago: number) {
  const team = await insertTeam(database.db);
  const registered = await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome, seconds(now, -ago));
  const knowledge = new InProcessPresenceKnowledge();
  await knowledge.remember(new Map([[registered.visitorId, { until: seconds(now, ONLINE_SECONDS - ago).getTime(), lookupCode: registered.lookupCode }]]));
  return { team, knowledge, ...registered };
}

describe("heartbeats off the request's transaction", () => {
  it("notes a beat of a visitor the database keeps online a while yet, and writes all notes in one flush", async () => {
    const now = new Date();
    const first = await visitorRegistered(now, 15);
    const writer = new PresenceWriter(first.knowledge, () => now.getTime());
    expect(await writer.beat(database.db, first.team, first.visitorId)).toEqual({ lookupCode: first.lookupCode, deferred: true });
    expect((await visitorRow(database.db, first.visitorId)).lastSeenAt).toEqual(seconds(now, -15));

    const second = await visitorRegistered(now, 12);
    const other = new PresenceWriter(second.knowledge, () => now.getTime());
    await other.beat(database.db, second.team, second.visitorId);
    await writer.flush(database.db);
    await other.flush(database.db);
    for (const visitorId of [first.visitorId, second.visitorId]) {
      expect(await visitorRow(database.db, visitorId)).toMatchObject({ lastSeenAt: now, onlineUntil: seconds(now, ONLINE_SECONDS) });
    }
    expect(writer.pendingCount).toBe(0);
  });

  it("writes a beat at once when the database would keep the visitor online less than the margin", async () => {
    const now = new Date();
    const ago = ONLINE_SECONDS - WRITE_THROUGH_MARGIN_MS / 1000 + 1;
    const visitor = await visitorRegistered(now, ago);
    const writer = new PresenceWriter(visitor.knowledge, () => now.getTime());
    expect(await writer.beat(database.db, visitor.team, visitor.visitorId)).toEqual({ lookupCode: visitor.lookupCode, deferred: false });
    expect((await visitorRow(database.db, visitor.visitorId)).onlineUntil).toEqual(seconds(now, ONLINE_SECONDS));
    // What it wrote is known now: the next beat waits for the flush.
    expect((await writer.beat(database.db, visitor.team, visitor.visitorId)).deferred).toBe(true);
  });

  it("writes a beat at once when nothing is known of the visitor (another node's, or this node restarted)", async () => {
    const now = new Date();
    const visitor = await visitorRegistered(now, 5);
    const writer = new PresenceWriter(new InProcessPresenceKnowledge(), () => now.getTime());
    expect((await writer.beat(database.db, visitor.team, visitor.visitorId)).deferred).toBe(false);
    expect((await visitorRow(database.db, visitor.visitorId)).lastSeenAt).toEqual(now);
  });

  it("writes the beats of many unknown visitors together (a node just started): one statement for all the online ones", async () => {
    const now = new Date();
    const team = await insertTeam(database.db);
    const visitors20 = await Promise.all(
      Array.from({ length: 20 }, () => registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome, seconds(now, -20))),
    );
    const statements = { execute: 0, transaction: 0 };
    const counted = new Proxy(database.db, {
      get: (target, name, receiver) => {
        if (name === "execute" || name === "transaction") statements[name]++;
        return Reflect.get(target, name, receiver);
      },
    });
    const writer = new PresenceWriter(new InProcessPresenceKnowledge(), () => now.getTime());
    const beats = await Promise.all(visitors20.map((visitor) => writer.beat(counted, team, visitor.visitorId)));
    expect(beats.map((beat) => beat.lookupCode)).toEqual(visitors20.map((visitor) => visitor.lookupCode));
    expect(statements).toMatchObject({ transaction: 0 });
    expect(statements.execute).toBeLessThanOrEqual(2);
    for (const visitor of visitors20) expect((await visitorRow(database.db, visitor.visitorId)).lastSeenAt).toEqual(now);
    // Now known: the next beats wait for the flush.
    expect((await writer.beat(counted, team, visitors20[0].visitorId)).deferred).toBe(true);
  });

  it("writes a visitor coming back online on its own, its lookup code checked again", async () => {
    const now = new Date();
    const visitor = await visitorRegistered(now, 120);
    const writer = new PresenceWriter(new InProcessPresenceKnowledge(), () => now.getTime());
    const beat = await writer.beat(database.db, visitor.team, visitor.visitorId);
    expect(beat).toMatchObject({ deferred: false, lookupCode: expect.stringMatching(/^\d{4}$/) });
    expect(await visitorRow(database.db, visitor.visitorId)).toMatchObject({
      lastSeenAt: now,
      onlineUntil: seconds(now, ONLINE_SECONDS),
      lookupCode: beat.lookupCode,
    });
  });

  it("never lets purge delete a visitor that is beating, even one whose last beat is not written yet", async () => {
    // The database keeps this visitor online one more second; its heartbeat arrives now.
    const team = await insertTeam(database.db);
    const registered = await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome);
    await database.db
      .update(visitors)
      .set({ onlineUntil: sql`now() + interval '1 second'` })
      .where(eq(visitors.shortId, registered.visitorId));
    const knowledge = new InProcessPresenceKnowledge();
    const [row] = await database.db.select({ until: visitors.onlineUntil }).from(visitors).where(eq(visitors.shortId, registered.visitorId));
    await knowledge.remember(new Map([[registered.visitorId, { until: row.until.getTime(), lookupCode: registered.lookupCode }]]));
    const writer = new PresenceWriter(knowledge);
    await writer.beat(database.db, team, registered.visitorId);

    // Before any flush, past the moment the database would have let it go offline: purge keeps it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(writer.pendingCount).toBe(0);
    await purgeOfflineVisitors(database.db, team.id);
    expect(await visitorRow(database.db, registered.visitorId)).toBeDefined();
    expect((await visitorRow(database.db, registered.visitorId)).onlineUntil > new Date()).toBe(true);
  });

  it("lets a leave win over a beat noted before it", async () => {
    const now = new Date();
    const visitor = await visitorRegistered(now, 15);
    const writer = new PresenceWriter(visitor.knowledge, () => now.getTime());
    expect((await writer.beat(database.db, visitor.team, visitor.visitorId)).deferred).toBe(true);
    // The leave of a page on another node reaches the database first; this node's note comes after.
    await database.db
      .update(visitors)
      .set({ lastSeenAt: seconds(now, 1), onlineUntil: seconds(now, 1) })
      .where(eq(visitors.shortId, visitor.visitorId));
    await writer.flush(database.db);
    expect((await visitorRow(database.db, visitor.visitorId)).onlineUntil).toEqual(seconds(now, 1));
  });

  it("forgets, at a leave on this node, what it noted and knew: the next beat is written at once", async () => {
    const now = new Date();
    const visitor = await visitorRegistered(now, 15);
    const writer = new PresenceWriter(visitor.knowledge, () => now.getTime());
    await writer.beat(database.db, visitor.team, visitor.visitorId);
    await writer.left(visitor.visitorId);
    expect(writer.pendingCount).toBe(0);
    expect((await writer.beat(database.db, visitor.team, visitor.visitorId)).deferred).toBe(false);
  });

  it("keeps the notes of a flush that failed for the next one", async () => {
    const now = new Date();
    const visitor = await visitorRegistered(now, 15);
    const writer = new PresenceWriter(visitor.knowledge, () => now.getTime());
    await writer.beat(database.db, visitor.team, visitor.visitorId);
    const failing = { execute: vi.fn().mockRejectedValue(new Error("connection lost")) } as unknown as typeof database.db;
    await expect(writer.flush(failing)).rejects.toThrow("connection lost");
    expect(writer.pendingCount).toBe(1);
    await writer.flush(database.db);
    expect((await visitorRow(database.db, visitor.visitorId)).lastSeenAt).toEqual(now);
  });

  it("answers 404 for a visitor deleted meanwhile, whose script then registers again", async () => {
    const now = new Date();
    const visitor = await visitorRegistered(now, 15);
    await database.db.delete(visitors).where(eq(visitors.shortId, visitor.visitorId));
    const writer = new PresenceWriter(new InProcessPresenceKnowledge(), () => now.getTime());
    await expect(writer.beat(database.db, visitor.team, visitor.visitorId)).rejects.toMatchObject({ code: "visitor_not_found", status: 404 });
  });
});

describe("a leave", () => {
  it("takes the visitor offline at once, and leaves an already offline visitor's moment alone", async () => {
    const team = await insertTeam(database.db);
    const start = new Date(Date.now() - 600_000);
    const { visitorId } = await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome, start);
    await leaveVisitor(database.db, team, visitorId);
    expect((await visitorRow(database.db, visitorId)).onlineUntil.getTime()).toBe(seconds(start, 30).getTime());

    const online = await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome);
    await leaveVisitor(database.db, team, online.visitorId);
    expect((await visitorRow(database.db, online.visitorId)).onlineUntil <= new Date()).toBe(true);
  });
});

describe("online and last seen", () => {
  it("refuses a visitor online more than an hour after it was last seen: search looks for online visitors among the last hour's", async () => {
    const team = await insertTeam(database.db);
    const { visitorId } = await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome);
    const { lastSeenAt } = await visitorRow(database.db, visitorId);
    const onlineFor = (ms: number) =>
      database.db
        .update(visitors)
        .set({ onlineUntil: new Date(lastSeenAt.getTime() + ms) })
        .where(eq(visitors.shortId, visitorId));
    await onlineFor(3_600_000);
    await expect(onlineFor(3_600_001)).rejects.toMatchObject({ cause: { constraint: "visitors_online_after_seen" } });
    expect((await visitorRow(database.db, visitorId)).onlineUntil.getTime()).toBe(lastSeenAt.getTime() + 3_600_000);
  });
});
