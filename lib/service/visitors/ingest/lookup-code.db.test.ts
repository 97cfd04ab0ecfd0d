import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { openTestDatabase } from "@/lib/testing/test-database";
import { visitors } from "../../core/schema";
import { writeHeartbeat } from "./write-heartbeat";
import { MAX_CODES_PER_ADDRESS } from "./lookup-code";
import { registerVisitor } from "./register";
import { desktopChrome, insertTeam, seconds, visitorRow } from "./test-fixtures";

// Draw codes from 60 only, so 50 visitors collide for sure unless the service steers around taken codes.
vi.mock("../../core/ids", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../core/ids")>()),
  newLookupCode: () => String(1000 + Math.floor(Math.random() * 60)),
}));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const page = { url: "https://shop.example.com/" };

describe("lookup codes", () => {
  it("are unique among a team's online visitors, even when they register at once", async () => {
    const team = await insertTeam(database.db);
    const answers = await Promise.all(Array.from({ length: 50 }, () => registerVisitor(database.db, team, page, desktopChrome)));
    const codes = answers.map((answer) => answer.lookupCode);
    expect(codes.every((code) => /^\d{4}$/.test(code ?? ""))).toBe(true);
    expect(new Set(codes).size).toBe(50);

    const stored = await database.db.select({ code: visitors.lookupCode }).from(visitors).where(eq(visitors.teamId, team.id));
    expect(new Set(stored.map((row) => row.code)).size).toBe(50);
  });

  it("go to at most MAX_CODES_PER_ADDRESS online visitors behind one address: a flood from one place cannot take them all", async () => {
    const team = await insertTeam(database.db);
    const flood = [];
    for (let i = 0; i < MAX_CODES_PER_ADDRESS + 5; i++)
      flood.push(await registerVisitor(database.db, team, page, { ...desktopChrome, ipAddress: "198.51.100.66" }));
    expect(flood.filter((answer) => answer.lookupCode !== null)).toHaveLength(MAX_CODES_PER_ADDRESS);
    expect(flood.slice(MAX_CODES_PER_ADDRESS).map((answer) => answer.lookupCode)).toEqual([null, null, null, null, null]);
    const elsewhere = await registerVisitor(database.db, team, page, { ...desktopChrome, ipAddress: "192.0.2.10" });
    expect(elsewhere.lookupCode).toMatch(/^\d{4}$/);
  });

  it("are free again once their visitor is offline: a returning visitor whose code was given away gets another", async () => {
    const team = await insertTeam(database.db);
    const start = new Date(Date.now() - 120_000);
    const gone = await registerVisitor(database.db, team, page, desktopChrome, start);
    // Force the newcomer onto the same code by giving the old visitor's code to it after it went offline.
    const newcomer = await registerVisitor(database.db, team, page, desktopChrome, seconds(start, 60));
    await database.db.update(visitors).set({ lookupCode: gone.lookupCode }).where(eq(visitors.shortId, newcomer.visitorId));

    const back = await writeHeartbeat(database.db, team, gone.visitorId, seconds(start, 70));
    expect(back.lookupCode).toMatch(/^\d{4}$/);
    expect(back.lookupCode).not.toBe(gone.lookupCode);
    expect((await visitorRow(database.db, gone.visitorId)).lookupCode).toBe(back.lookupCode);

    // A heartbeat without a collision keeps the code the visitor shows.
    expect((await writeHeartbeat(database.db, team, newcomer.visitorId, seconds(start, 75))).lookupCode).toBe(gone.lookupCode);
  });

  it("gives a visitor without a code one on its next heartbeat", async () => {
    const team = await insertTeam(database.db);
    const answer = await registerVisitor(database.db, team, page, desktopChrome);
    await database.db.update(visitors).set({ lookupCode: null }).where(eq(visitors.shortId, answer.visitorId));
    const { lookupCode } = await writeHeartbeat(database.db, team, answer.visitorId);
    expect(lookupCode).toMatch(/^\d{4}$/);
    expect((await visitorRow(database.db, answer.visitorId)).lookupCode).toBe(lookupCode);
  });
});
