import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { visitorTeamId } from "../credentials";
import { listVisitors } from "../read";
import { ONLINE_SECONDS } from "./presence";
import { PresenceWriter } from "./presence-writer";
import { registerVisitor } from "./register";
import { desktopChrome, insertTeam, seconds, visitorRow } from "./test-fixtures";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** `db`, counting the statements run through it. */
function counting(db: Db): { db: Db; statements: () => number } {
  let statements = 0;
  const counted = new Proxy(db, {
    get: (target, name, receiver) => {
      if (name === "execute" || name === "transaction" || name === "select") statements++;
      return Reflect.get(target, name, receiver);
    },
  });
  return { db: counted, statements: () => statements };
}

async function onlineVisitors(count: number, lastBeat: Date) {
  const team = await insertTeam(database.db);
  const registered = await Promise.all(
    Array.from({ length: count }, () => registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome, lastBeat)),
  );
  return { team, registered };
}

describe("the first beats of many visitors", () => {
  it("are authenticated with one statement and written with one, then read back by the API as last seen and online", async () => {
    const now = new Date();
    const { team, registered } = await onlineVisitors(40, seconds(now, -20));
    const { db, statements } = counting(database.db);
    const writer = new PresenceWriter(() => now.getTime());
    // As a node meets them: unknown to it, all in the same moment (after a restart, or a busy site's minute).
    const beats = await Promise.all(
      registered.map(async (visitor) => {
        expect(await visitorTeamId(db, visitor.visitorId, visitor.token)).toBe(team.id);
        return writer.beat(db, team, visitor.visitorId);
      }),
    );
    expect(beats.map((beat) => beat.lookupCode)).toEqual(registered.map((visitor) => visitor.lookupCode));
    expect(statements()).toBe(2);
    const listed = await listVisitors(database.db, team, { online: true });
    expect(listed.map((visitor) => visitor.short_id).sort()).toEqual(registered.map((visitor) => visitor.visitorId).sort());
    for (const visitor of listed) expect(visitor).toMatchObject({ last_seen_at: now.toISOString(), is_online: true });
    for (const visitor of registered)
      expect(await visitorRow(database.db, visitor.visitorId)).toMatchObject({ lastSeenAt: now, onlineUntil: seconds(now, ONLINE_SECONDS) });
  });

  it("refuse a wrong token among them and answer the others", async () => {
    const { team, registered } = await onlineVisitors(3, new Date());
    const [good, wrong, unknown] = await Promise.allSettled([
      visitorTeamId(database.db, registered[0].visitorId, registered[0].token),
      visitorTeamId(database.db, registered[1].visitorId, "vt_wrong"),
      visitorTeamId(database.db, "NOSUCHID", registered[2].token),
    ]);
    expect(good).toMatchObject({ status: "fulfilled", value: team.id });
    expect(wrong).toMatchObject({ status: "rejected", reason: { code: "invalid_visitor_token" } });
    expect(unknown).toMatchObject({ status: "rejected", reason: { code: "invalid_visitor_token" } });
  });

  it("are refused, every one, while the database cannot serve: none answered unwritten", async () => {
    const now = new Date();
    const { team, registered } = await onlineVisitors(5, seconds(now, -20));
    const down = {
      select: vi.fn(() => ({ from: () => ({ where: () => Promise.reject(new Error("Connection terminated unexpectedly")) }) })),
      execute: vi.fn().mockRejectedValue(new Error("Connection terminated unexpectedly")),
    } as unknown as Db;
    const writer = new PresenceWriter(() => now.getTime());
    const tried = await Promise.allSettled(registered.map((visitor) => visitorTeamId(down, visitor.visitorId, visitor.token)));
    expect(tried.every((outcome) => outcome.status === "rejected")).toBe(true);
    const beats = await Promise.allSettled(registered.map((visitor) => writer.beat(down, team, visitor.visitorId)));
    expect(beats.every((outcome) => outcome.status === "rejected")).toBe(true);
    for (const visitor of registered) expect((await visitorRow(database.db, visitor.visitorId)).lastSeenAt).toEqual(seconds(now, -20));
    // Once it serves again, the script's next beat is written.
    await writer.beat(database.db, team, registered[0].visitorId);
    expect((await visitorRow(database.db, registered[0].visitorId)).lastSeenAt).toEqual(now);
  });
});
