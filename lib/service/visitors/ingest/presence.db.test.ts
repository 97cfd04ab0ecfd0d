import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { onPostgres, openTestDatabase } from "@/lib/testing/test-database";
import { visitors } from "../../core/schema";
import { purgeOfflineVisitors } from "../delete";
import { leaveVisitor } from "./leave";
import { ONLINE_SECONDS } from "./presence";
import { markVisitorsOnline } from "../../live/stream-presence";
import { PresenceWriter } from "./presence-writer";
import { registerVisitor } from "./register";
import { desktopChrome, insertTeam, seconds, visitorRow } from "./test-fixtures";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A visitor registered `ago` seconds before `now`: online until `ago` + 30 s. */
async function visitorRegistered(now: Date, ago: number) {
  const team = await insertTeam(database.db);
  const registered = await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome, seconds(now, -ago));
  return { team, ...registered };
}

describe("heartbeats", () => {
  it("answers a heartbeat once it is written", async () => {
    const now = new Date();
    const visitor = await visitorRegistered(now, 15);
    const writer = new PresenceWriter(() => now.getTime());
    expect(await writer.beat(database.db, visitor.team, visitor.visitorId)).toEqual({ lookupCode: visitor.lookupCode });
    expect(await visitorRow(database.db, visitor.visitorId)).toMatchObject({ lastSeenAt: now, onlineUntil: seconds(now, ONLINE_SECONDS) });
  });

  it("writes the beats that arrive together in one statement for the online visitors", async () => {
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
    const writer = new PresenceWriter(() => now.getTime());
    const beats = await Promise.all(visitors20.map((visitor) => writer.beat(counted, team, visitor.visitorId)));
    expect(beats.map((beat) => beat.lookupCode)).toEqual(visitors20.map((visitor) => visitor.lookupCode));
    expect(statements).toMatchObject({ transaction: 0 });
    expect(statements.execute).toBeLessThanOrEqual(2);
    for (const visitor of visitors20) expect((await visitorRow(database.db, visitor.visitorId)).lastSeenAt).toEqual(now);
  });

  it("writes a visitor coming back online on its own, its lookup code checked again", async () => {
    const now = new Date();
    const visitor = await visitorRegistered(now, 120);
    const beat = await new PresenceWriter(() => now.getTime()).beat(database.db, visitor.team, visitor.visitorId);
    expect(beat.lookupCode).toMatch(/^\d{4}$/);
    expect(await visitorRow(database.db, visitor.visitorId)).toMatchObject({
      lastSeenAt: now,
      onlineUntil: seconds(now, ONLINE_SECONDS),
      lookupCode: beat.lookupCode,
    });
  });

  it("never lets purge delete a visitor whose beat was answered", async () => {
    // The database keeps this visitor online one more second; its heartbeat arrives now.
    const team = await insertTeam(database.db);
    const registered = await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome);
    await database.db
      .update(visitors)
      .set({ onlineUntil: sql`now() + interval '1 second'` })
      .where(eq(visitors.shortId, registered.visitorId));
    await new PresenceWriter().beat(database.db, team, registered.visitorId);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await purgeOfflineVisitors(database.db, team.id);
    expect((await visitorRow(database.db, registered.visitorId)).onlineUntil > new Date()).toBe(true);
  });

  it("lets a leave win over a beat sent before it and written after it", async () => {
    const now = new Date();
    for (const ago of [15, 120]) {
      const visitor = await visitorRegistered(now, ago);
      // The leave of the page reaches the database (through another node) before the beat it followed.
      await database.db
        .update(visitors)
        .set({ lastSeenAt: seconds(now, 1), onlineUntil: seconds(now, 1) })
        .where(eq(visitors.shortId, visitor.visitorId));
      await new PresenceWriter(() => now.getTime()).beat(database.db, visitor.team, visitor.visitorId);
      expect(await visitorRow(database.db, visitor.visitorId)).toMatchObject({ lastSeenAt: seconds(now, 1), onlineUntil: seconds(now, 1) });
    }
  });

  it("refuses every beat of a write that failed, keeping none to write later, and writes the next ones", async () => {
    const now = new Date();
    const visitor = await visitorRegistered(now, 15);
    const writer = new PresenceWriter(() => now.getTime());
    const failing = { execute: vi.fn().mockRejectedValue(new Error("Connection terminated unexpectedly")) } as unknown as typeof database.db;
    await expect(writer.beat(failing, visitor.team, visitor.visitorId)).rejects.toThrow("Connection terminated unexpectedly");
    expect((await visitorRow(database.db, visitor.visitorId)).lastSeenAt).toEqual(seconds(now, -15));
    await writer.beat(database.db, visitor.team, visitor.visitorId);
    expect((await visitorRow(database.db, visitor.visitorId)).lastSeenAt).toEqual(now);
  });

  it("answers 404 for a visitor deleted meanwhile, whose script then registers again", async () => {
    const now = new Date();
    const visitor = await visitorRegistered(now, 15);
    await database.db.delete(visitors).where(eq(visitors.shortId, visitor.visitorId));
    await expect(new PresenceWriter(() => now.getTime()).beat(database.db, visitor.team, visitor.visitorId)).rejects.toMatchObject({
      code: "visitor_not_found",
      status: 404,
    });
  });

  // Several connections at once: PostgreSQL only (PGlite serves one statement at a time).
  it.runIf(onPostgres)("lets two nodes write the same visitors' beats and streams at once, in any order, without a deadlock", async () => {
    const team = await insertTeam(database.db);
    const many = await Promise.all(Array.from({ length: 200 }, () => registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome)));
    const ids = many.map((visitor) => visitor.visitorId);
    const shuffled = () => [...ids].sort(() => Math.random() - 0.5);
    for (let round = 0; round < 30; round++) {
      const nodes = [new PresenceWriter(), new PresenceWriter()];
      await Promise.all([
        ...nodes.flatMap((node) => shuffled().map((id) => node.beat(database.db, team, id))),
        markVisitorsOnline(database.db, shuffled()),
        markVisitorsOnline(database.db, shuffled()),
      ]);
    }
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
