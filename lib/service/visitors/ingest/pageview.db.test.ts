import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { leaveVisitor } from "./leave";
import { recordVisitorPageview } from "./pageview";
import { registerVisitor } from "./register";
import { desktopChrome, insertTeam, pageviewsOf, seconds, visitorRow } from "./test-fixtures";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const url = (path: string) => `https://shop.example.com${path}`;

describe("pageviews", () => {
  it("are stored with the history on, each previous one getting its duration", async () => {
    const team = await insertTeam(database.db);
    const start = new Date(Date.now() - 600_000);
    const { visitorId } = await registerVisitor(database.db, team, { url: url("/"), title: "Home" }, desktopChrome, start);
    await recordVisitorPageview(database.db, team, visitorId, { url: url("/pricing"), title: "Pricing", referrer: url("/") }, seconds(start, 12));
    await recordVisitorPageview(database.db, team, visitorId, { url: url("/cart") }, seconds(start, 20));

    expect(await pageviewsOf(database.db, visitorId)).toMatchObject([
      { url: url("/"), title: "Home", durationSeconds: 12 },
      { url: url("/pricing"), title: "Pricing", referrer: url("/"), durationSeconds: 8 },
      { url: url("/cart"), title: null, durationSeconds: null },
    ]);
    const row = await visitorRow(database.db, visitorId);
    expect(row.lastUrl).toBe(url("/cart"));
    expect(row.searchText).toContain("/cart");
    expect(row.onlineUntil.getTime()).toBe(seconds(start, 50).getTime());
  });

  it("sent again (the first answer lost) are kept once; the same address after another page is a new one", async () => {
    const team = await insertTeam(database.db);
    const start = new Date(Date.now() - 600_000);
    const { visitorId } = await registerVisitor(database.db, team, { url: url("/") }, desktopChrome, start);
    const pricing = { url: url("/pricing"), title: "Pricing", referrer: url("/") };
    await recordVisitorPageview(database.db, team, visitorId, pricing, seconds(start, 5));
    await recordVisitorPageview(database.db, team, visitorId, pricing, seconds(start, 8));
    await recordVisitorPageview(database.db, team, visitorId, { url: url("/") }, seconds(start, 12));
    await recordVisitorPageview(database.db, team, visitorId, pricing, seconds(start, 20));

    expect((await pageviewsOf(database.db, visitorId)).map((view) => [view.url, view.durationSeconds])).toEqual([
      [url("/"), 5],
      [url("/pricing"), 7],
      [url("/"), 8],
      [url("/pricing"), null],
    ]);
    expect((await visitorRow(database.db, visitorId)).lastSeenAt.getTime()).toBe(seconds(start, 20).getTime());
  });

  it("count no time away: a page ends when its visitor left or went offline", async () => {
    const team = await insertTeam(database.db);
    const start = new Date(Date.now() - 3_600_000);
    const first = await registerVisitor(database.db, team, { url: url("/") }, desktopChrome, start);
    await leaveVisitor(database.db, team, first.visitorId, seconds(start, 7));
    expect((await pageviewsOf(database.db, first.visitorId))[0].durationSeconds).toBe(7);

    // No leave arrived: the page ended when the last heartbeat's window ran out (30 s after register).
    const second = await registerVisitor(database.db, team, { url: url("/") }, desktopChrome, start);
    const resume = { url: url("/account"), visitorId: second.visitorId, token: second.token };
    await registerVisitor(database.db, team, resume, desktopChrome, seconds(start, 900));
    expect((await pageviewsOf(database.db, second.visitorId)).map((view) => view.durationSeconds)).toEqual([30, null]);
  });

  it("are not stored with the history off, though the last url still follows the visitor", async () => {
    const team = await insertTeam(database.db, { historyEnabled: false });
    const { visitorId } = await registerVisitor(database.db, team, { url: url("/") }, desktopChrome);
    await recordVisitorPageview(database.db, team, visitorId, { url: url("/pricing") });
    await leaveVisitor(database.db, team, visitorId);
    expect(await pageviewsOf(database.db, visitorId)).toEqual([]);
    expect((await visitorRow(database.db, visitorId)).lastUrl).toBe(url("/pricing"));
  });
});
