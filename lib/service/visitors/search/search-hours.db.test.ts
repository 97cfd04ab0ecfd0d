import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { teams, visitors } from "../../core/schema";
import { searchVisitors } from "./search-visitors";
import { visitorSearchText } from "./search-text";

const HOUR = 3_600_000;
const hourOf = (time: number) => Math.floor(time / HOUR);
// The start of the current hour: visitors are placed on hour boundaries and just inside them.
const thisHour = hourOf(Date.now()) * HOUR;

let db: Db;
let close: () => Promise<void>;

/** A visitor of `teamId` named `callName`, last seen at `seen` (offline unless `onlineUntil` says otherwise). */
function visitorRow(teamId: string, shortId: string, callName: string, seen: number, extra: { email?: string; tags?: string[]; onlineUntil?: number } = {}) {
  const fields = { callName, email: extra.email ?? null, identities: [], uniqueId: null, lastUrl: "", lastTitle: null };
  return {
    ...fields,
    shortId,
    teamId,
    tokenHash: `hash-${shortId}`,
    tags: extra.tags ?? [],
    lastSeenAt: new Date(seen),
    onlineUntil: new Date(extra.onlineUntil ?? seen),
    searchText: visitorSearchText(fields),
  };
}

/** Online for an hour after last seen (the most there is); offline since last seen, or an hour ago for those seen in the future. */
const onlineUntil = (visitor: { seen: number; online: boolean }) => (visitor.online ? visitor.seen + HOUR : Math.min(visitor.seen, Date.now() - HOUR));

beforeAll(async () => {
  const database = await openTestDatabase();
  db = database.db;
  close = database.close;
  for (const id of ["t_keys", "t_many", "t_noise", "t_edge"]) {
    await db.insert(teams).values({ id, name: id, domain: "shop.example.com", publicKey: `pk_${id}`, webhookSecret: "whsec" });
  }
}, 120_000);

afterAll(async () => {
  await close?.();
});

const keysOf = async (shortId: string) =>
  (await db.select({ keys: visitors.searchHourKeys }).from(visitors).where(eq(visitors.shortId, shortId)))[0].keys.sort();

/** A visitor of the reference: what it holds and when it was last seen. */
interface Held {
  shortId: string;
  words: string[];
  tags: string[];
  seen: number;
  online: boolean;
}

/**
 * 2,400 visitors over 40 days (ten beyond the 30 that hour keys cover), a few a little in the future,
 * many exactly on an hour's first millisecond or its last, several seen at the same instant (the id
 * orders them); words held by all, a fifth, one in fifty and one in four hundred of them, and a third
 * of those last seen more than two days ago.
 */
function population(): Held[] {
  const held: Held[] = [];
  for (let n = 0; n < 2400; n++) {
    const hoursAgo = Math.floor((n * 7919) % (40 * 24)) - 1;
    const within = [0, HOUR - 1, 30 * 60_000, 0, 17_000][n % 5];
    // Online visitors were seen within the hour (here the last 50 minutes, often across the hour's start).
    const online = n % 97 === 0;
    const seen = online ? Date.now() - (n % 21) * 150_000 : thisHour - hoursAgo * HOUR + within;
    const words = ["alpha"];
    if (n % 5 === 1) words.push("beta");
    if (n % 50 === 3) words.push("gamma");
    if (n % 400 === 7) words.push("delta");
    // Common, but on none of the last two days' visitors: the newest are unlike the statistics.
    if (n % 3 === 0 && hoursAgo > 48 && !online) words.push("omega");
    const tags = [...(n % 20 === 2 ? ["#vip"] : []), ...(n % 4 === 1 ? ["#trial"] : [])];
    held.push({ shortId: `m${String(n).padStart(4, "0")}`, words, tags, seen, online });
  }
  return held;
}

// First: a search reads the statistics once and keeps them for minutes, so none may come before ANALYZE.
describe("the newest matches of a search", () => {
  const held = population();

  beforeAll(async () => {
    const rows = held.map((visitor) =>
      visitorRow("t_many", visitor.shortId, visitor.words.join(" "), visitor.seen, {
        tags: visitor.tags,
        onlineUntil: onlineUntil(visitor),
      }),
    );
    for (let i = 0; i < rows.length; i += 500) await db.insert(visitors).values(rows.slice(i, i + 500));
    // Another team holding the same words in the same hours: never among the results.
    await db.insert(visitors).values(rows.slice(0, 300).map((row) => ({ ...row, shortId: `n${row.shortId}`, teamId: "t_noise" })));
    // A common word that the newest visitors rarely hold: a walk stops among them, in the current hour.
    const edge = Array.from({ length: 2200 }, (_, n) => {
      const newest = n < 200;
      const seen = newest ? Date.now() - n * 1000 : thisHour - (2 + Math.floor((n - 200) / 10)) * HOUR;
      return visitorRow("t_edge", `e${String(n).padStart(4, "0")}`, newest && n % 20 !== 3 ? "Zed" : "Kappa", seen);
    });
    for (let i = 0; i < edge.length; i += 500) await db.insert(visitors).values(edge.slice(i, i + 500));
    // The statistics by which a search picks its way (walking, hour keys or the plain lists).
    await db.execute(sql`analyze visitors`);
  }, 120_000);

  /** What the search must answer: every match, newest first, then by id. */
  function expected(words: string[], tags: string[], online: boolean | undefined, maxResults: number): string[] {
    return held
      .filter((visitor) => words.every((word) => visitor.words.includes(word)) && tags.every((tag) => visitor.tags.includes(tag)))
      .filter((visitor) => online === undefined || visitor.online === online)
      .sort((a, b) => b.seen - a.seen || (a.shortId < b.shortId ? -1 : 1))
      .slice(0, maxResults)
      .map((visitor) => visitor.shortId);
  }

  const searches: [string, string[], string[], boolean | undefined][] = [
    ["alpha", ["alpha"], [], undefined],
    ["beta", ["beta"], [], undefined],
    ["gamma", ["gamma"], [], undefined],
    ["delta", ["delta"], [], undefined],
    ["beta gamma", ["beta", "gamma"], [], undefined],
    ["gamma #vip", ["gamma"], ["#vip"], undefined],
    ["#vip", [], ["#vip"], undefined],
    ["#vip #trial", [], ["#vip", "#trial"], undefined],
    ["beta -online", ["beta"], [], false],
    ["alpha online", ["alpha"], [], true],
    ["beta online", ["beta"], [], true],
    ["#trial online", [], ["#trial"], true],
    ["delta #trial", ["delta"], ["#trial"], undefined],
    ["omega", ["omega"], [], undefined],
    ["omega -online", ["omega"], [], false],
    ["omega beta", ["omega", "beta"], [], undefined],
  ];

  it("goes on after a walk that stopped among the newest, without repeating or skipping any", async () => {
    const kappas = Array.from({ length: 2200 }, (_, n) => `e${String(n).padStart(4, "0")}`).filter((id, n) => n >= 200 || n % 20 === 3);
    for (const maxResults of [5, 30, 60]) {
      const found = (await searchVisitors(db, "t_edge", { search: "kappa", maxResults })).map((visitor) => visitor.shortId);
      expect(found, `max_results ${maxResults}`).toEqual(kappas.slice(0, maxResults));
    }
  });

  for (const [search, words, tags, online] of searches) {
    it(`finds what a full scan finds for \`${search}\`, at every max_results`, async () => {
      for (const maxResults of [1, 3, 20, 50, 500]) {
        const found = (await searchVisitors(db, "t_many", { search, maxResults })).map((visitor) => visitor.shortId);
        expect(found, `${search}, max_results ${maxResults}`).toEqual(expected(words, tags, online, maxResults));
      }
    });
  }
});

describe("a surge of new visitors unlike the statistics", () => {
  /**
   * 400 online visitors of the last half hour without the tag, and among them 24 with it; before them, a
   * visitor an hour with it.
   */
  const surge = Array.from({ length: 400 }, (_, n) => ({
    shortId: `s${String(n).padStart(3, "0")}`,
    seen: Date.now() - n * 5_000,
    trial: false,
    online: true,
  }));
  const before = Array.from({ length: 600 }, (_, n) => ({
    shortId: `b${String(n).padStart(3, "0")}`,
    seen: n < 24 ? Date.now() - n * 60_000 - 2_500 : thisHour - (2 + n) * HOUR + 60_000,
    trial: true,
    online: n < 24,
  }));
  const everyone = [...surge, ...before].sort((a, b) => b.seen - a.seen || (a.shortId < b.shortId ? -1 : 1));

  beforeAll(async () => {
    await db.insert(teams).values({ id: "t_surge", name: "Surge", domain: "shop.example.com", publicKey: "pk_t_surge", webhookSecret: "whsec" });
    const rows = everyone.map((visitor) =>
      visitorRow("t_surge", visitor.shortId, "Ravi", visitor.seen, {
        tags: visitor.trial ? ["#trial"] : [],
        onlineUntil: onlineUntil(visitor),
      }),
    );
    for (let i = 0; i < rows.length; i += 500) await db.insert(visitors).values(rows.slice(i, i + 500));
  }, 120_000);

  // The walk through the hours passes the surge's hours and the online holders' a block at a time.
  for (const [search, online] of [
    ["#trial", undefined],
    ["ravi #trial", undefined],
    ["-online #trial", false],
  ] as const) {
    it(`finds what a full scan finds for \`${search}\`, at every max_results`, async () => {
      for (const maxResults of [1, 20, 50, 500]) {
        const found = (await searchVisitors(db, "t_surge", { search, maxResults })).map((visitor) => visitor.shortId);
        const expected = everyone.filter((visitor) => visitor.trial && (online === undefined || visitor.online === online)).slice(0, maxResults);
        expect(found, `${search}, max_results ${maxResults}`).toEqual(expected.map((visitor) => visitor.shortId));
      }
    });
  }
});

describe("hour keys", () => {
  it("list a visitor's dictionary words and tags under the hour it was last seen, and follow it", async () => {
    const seen = thisHour - 5 * HOUR + 60_000;
    await db.insert(visitors).values(visitorRow("t_keys", "k01", "José Cooper", seen, { email: "cooper42@example.org", tags: ["#vip"] }));
    const hour = hourOf(seen);
    // Numbers have no hour keys: they are rare, and found by their exact lists.
    expect(await keysOf("k01")).toEqual([`${hour}##vip`, `${hour}:cooper`, `${hour}:example`, `${hour}:jose`, `${hour}:org`].sort());
    // A heartbeat within the hour keeps them; one in a later hour moves them.
    await db
      .update(visitors)
      .set({ lastSeenAt: new Date(seen + 30 * 60_000) })
      .where(eq(visitors.shortId, "k01"));
    expect(await keysOf("k01")).toContain(`${hour}:jose`);
    await db
      .update(visitors)
      .set({ lastSeenAt: new Date(seen + 2 * HOUR) })
      .where(eq(visitors.shortId, "k01"));
    expect(await keysOf("k01")).toEqual([`${hour + 2}##vip`, `${hour + 2}:cooper`, `${hour + 2}:example`, `${hour + 2}:jose`, `${hour + 2}:org`].sort());
    // New tags and new words (an identify) change them at once.
    const renamed = visitorRow("t_keys", "k01", "Ana Cooper", seen, { email: "cooper42@example.org" });
    await db
      .update(visitors)
      .set({ tags: ["#trial"], callName: renamed.callName, searchText: renamed.searchText })
      .where(eq(visitors.shortId, "k01"));
    expect(await keysOf("k01")).toEqual([`${hour + 2}##trial`, `${hour + 2}:ana`, `${hour + 2}:cooper`, `${hour + 2}:example`, `${hour + 2}:org`].sort());
    expect((await searchVisitors(db, "t_keys", { search: "ana #trial" })).map((visitor) => visitor.shortId)).toEqual(["k01"]);
    expect(await searchVisitors(db, "t_keys", { search: "jose" })).toEqual([]);
  });
});

describe("a quiet site", () => {
  // A database of its own: the statistics and the site's traffic are read once and kept for minutes.
  let quietDb: Db;
  let closeQuiet: () => Promise<void>;
  const search = async () => (await searchVisitors(quietDb, "t_quiet", { search: "lull", maxResults: 50 })).map((visitor) => visitor.shortId);

  beforeAll(async () => {
    const database = await openTestDatabase();
    quietDb = database.db;
    closeQuiet = database.close;
    await quietDb.insert(teams).values({ id: "t_quiet", name: "Quiet", domain: "shop.example.com", publicKey: "pk_quiet", webhookSecret: "whsec" });
    // Forty visitors an hour, the newest five hours ago; a fifth hold the word.
    const rows = Array.from({ length: 960 }, (_, n) =>
      visitorRow("t_quiet", `q${String(n).padStart(3, "0")}`, n % 5 === 0 ? "Lull" : "Calm", thisHour - (5 + Math.floor(n / 40)) * HOUR + (n % 40) * 1000),
    );
    for (let i = 0; i < rows.length; i += 480) await quietDb.insert(visitors).values(rows.slice(i, i + 480));
    await quietDb.execute(sql`analyze visitors`);
  }, 120_000);

  afterAll(async () => {
    await closeQuiet?.();
  });

  it("finds visitors seen after its traffic was read, in the hours that were quiet then", async () => {
    const before = await search();
    expect(before.slice(0, 3)).toEqual(["q035", "q030", "q025"]);
    expect(before).toHaveLength(50);
    // The traffic (the newest visitor five hours ago) is kept for minutes; these come meanwhile.
    await quietDb.insert(visitors).values([visitorRow("t_quiet", "q_now", "Lull", Date.now()), visitorRow("t_quiet", "q_two", "Lull", thisHour - 2 * HOUR)]);
    expect(await search()).toEqual(["q_now", "q_two", ...before.slice(0, 48)]);
  });
});
