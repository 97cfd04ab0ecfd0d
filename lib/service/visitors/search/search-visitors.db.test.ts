import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { teams, visitors } from "../../core/schema";
import { shownVisitorColumns } from "../present";
import { DEFAULT_MAX_RESULTS, MAX_RESULTS_CAP, searchVisitors, type SearchVisitorsOptions } from "./search-visitors";
import { visitorSearchText } from "./search-text";

const now = Date.now();
const HOUR = 3_600_000;
const shop = "https://shop.example.com";

type Fixture = Partial<typeof visitors.$inferInsert> & { shortId: string; online: boolean };

// In newest-first order: each visitor was last seen a minute before the one above it.
const fixtures: Fixture[] = [
  {
    shortId: "v01",
    online: true,
    callName: "Jane Doe",
    email: "jane@example.com",
    identities: ["Jane Doe", "jane@example.com"],
    uniqueId: "user-1",
    tags: ["#vip"],
    lookupCode: "4821",
    ipAddress: "203.0.113.7",
    lastUrl: `${shop}/pricing`,
  },
  {
    // Still holds 4821 from an earlier visit, but offline: the code now belongs to v01.
    shortId: "v02",
    online: false,
    callName: "Robert Johnson",
    email: "bob@example.com",
    identities: ["bob@example.com"],
    uniqueId: "user-2",
    tags: ["#vip", "#trial"],
    integrationIds: ["acmechat:1234"],
    lookupCode: "4821",
    ipAddress: "203.0.113.7",
    lastUrl: `${shop}/cart`,
  },
  { shortId: "v03", online: true, uniqueId: "Jane@Example.com", tags: ["#trial"], ipAddress: "198.51.100.2", lastUrl: `${shop}/docs` },
  {
    shortId: "v04",
    online: false,
    email: "other@example.org",
    identities: ["other@example.org", "JANE@example.com"],
    ipAddress: "198.51.100.3",
    lastUrl: `${shop}/blog`,
  },
  {
    shortId: "v05",
    online: true,
    callName: "Katherine Smith",
    tags: ["#churn-risk"],
    integrationIds: ["acmechat:5678", "helpdesk:1234"],
    ipAddress: "203.0.113.8",
    lastUrl: `${shop}/checkout`,
  },
  { shortId: "v06", online: false, callName: "Jonathan Price", uniqueId: "user-6", lastUrl: `${shop}/plans?plan=pro_annual&off=50%` },
  { shortId: "v07", online: true, callName: "Ann Lee", tags: ["#VIP"], lookupCode: "1234", ipAddress: "203.0.113.7", lastUrl: `${shop}/` },
  { shortId: "v08", online: false, callName: "Sam Online", lastUrl: `${shop}/help/online-support` },
  ...Array.from({ length: 12 }, (_, i): Fixture => ({
    shortId: `v${String(i + 9).padStart(2, "0")}`,
    online: i % 2 === 0,
    callName: `Filler ${i}`,
    ipAddress: `192.0.2.${i}`,
    lastUrl: `${shop}/home`,
  })),
];

function row(teamId: string, fixture: Fixture, lastSeenAt: Date): typeof visitors.$inferInsert {
  const { online, ...fields } = fixture;
  const values = { callName: null, email: null, identities: [], uniqueId: null, lastUrl: "", ...fields };
  return {
    ...values,
    teamId,
    tokenHash: `hash-${fixture.shortId}`,
    lastSeenAt,
    // Online for the next 40 minutes at least (the fixtures were seen in the last 20); offline since last seen.
    onlineUntil: new Date(lastSeenAt.getTime() + (online ? HOUR : 0)),
    searchText: visitorSearchText(values),
  };
}

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  const database = await openTestDatabase();
  db = database.db;
  close = database.close;
  for (const id of ["t_a", "t_b", "t_c"]) {
    await db.insert(teams).values({ id, name: id, domain: "shop.example.com", publicKey: `pk_${id}`, webhookSecret: "whsec" });
  }
  // The last two share a last_seen_at: short id breaks the tie.
  const seenAt = (i: number) => new Date(now - Math.min(i, fixtures.length - 2) * 60_000);
  await db.insert(visitors).values(fixtures.map((fixture, i) => row("t_a", fixture, seenAt(i))));
  // Another team's visitor that matches every search below and is newer than all: it must never show.
  const decoy: Fixture = {
    ...fixtures[1],
    shortId: "x01",
    online: true,
    callName: "Jane Doe Johnson",
    uniqueId: "user-1",
    identities: ["jane@example.com"],
    lookupCode: "4821",
  };
  await db.insert(visitors).values(row("t_b", decoy, new Date(now)));
  // Enough visitors to reach the cap.
  await db
    .insert(visitors)
    .values(Array.from({ length: MAX_RESULTS_CAP + 10 }, (_, i) => row("t_c", { shortId: `c${i}`, online: false }, new Date(now - i * 1000))));
}, 120_000);

afterAll(async () => {
  await close?.();
});

const ids = async (search: string, options: Omit<SearchVisitorsOptions, "search"> = {}) =>
  (await searchVisitors(db, "t_a", { search, ...options })).map((visitor) => visitor.shortId);
const all = fixtures.map((fixture) => fixture.shortId);
const onlineIds = fixtures.filter((fixture) => fixture.online).map((fixture) => fixture.shortId);
const offlineIds = fixtures.filter((fixture) => !fixture.online).map((fixture) => fixture.shortId);

describe("searchVisitors", () => {
  it("reads each visitor found whole, every field as the row itself reads", async () => {
    await db
      .update(visitors)
      .set({ waitingSince: new Date(now - 90_000), isWaitingForCall: true, integration: "acmechat", locationCity: "Zürich", isSupported: false })
      .where(and(eq(visitors.teamId, "t_a"), eq(visitors.shortId, "v02")));
    const [found] = await searchVisitors(db, "t_a", { search: "id:user-2" });
    const [stored] = await db
      .select(shownVisitorColumns)
      .from(visitors)
      .where(and(eq(visitors.teamId, "t_a"), eq(visitors.shortId, "v02")));
    const { searchMatch, inSession, ...visitor } = found;
    expect(visitor).toEqual(stored);
    expect(visitor.waitingSince).toBeInstanceOf(Date);
    expect({ searchMatch, inSession }).toEqual({ searchMatch: { fields: ["unique_id"], typo: false }, inSession: false });
    await db
      .update(visitors)
      .set({ waitingSince: null, isWaitingForCall: false, integration: null, locationCity: null, isSupported: true })
      .where(and(eq(visitors.teamId, "t_a"), eq(visitors.shortId, "v02")));
  });

  it("lists the team's latest visitors, newest first with short id as tie-break, for an empty search", async () => {
    expect(await ids("")).toEqual(all);
    expect(await ids("   ")).toEqual(all);
    expect(all.slice(-2)).toEqual(["v19", "v20"]);
  });

  it("honours maxResults, with a default and a cap", async () => {
    expect(await ids("", { maxResults: 3 })).toEqual(["v01", "v02", "v03"]);
    const count = async (maxResults?: number) => (await searchVisitors(db, "t_c", { maxResults })).length;
    expect(await count()).toBe(DEFAULT_MAX_RESULTS);
    expect(await count(10_000)).toBe(MAX_RESULTS_CAP);
    expect(await count(0)).toBe(1);
  });

  it("matches an email against the email, the unique id and the identities, case-insensitively", async () => {
    expect(await ids("jane@example.com")).toEqual(["v01", "v03", "v04"]);
    expect(await ids("JANE@Example.COM")).toEqual(["v01", "v03", "v04"]);
    expect(await ids("bob@example.com")).toEqual(["v02"]);
    expect(await ids("nobody@example.com")).toEqual([]);
  });

  it("follows online_until for online / -online, as a token and as the console's filter", async () => {
    expect(await ids("online")).toEqual(onlineIds);
    expect(await ids("-online")).toEqual(offlineIds);
    expect(await ids("", { online: true })).toEqual(onlineIds);
    expect(await ids("", { online: false })).toEqual(offlineIds);
    expect(await ids("online", { online: false })).toEqual([]);
    expect(await ids("online -online")).toEqual([]);
  });

  it("matches ip:, id:, tags and integration ids exactly", async () => {
    expect(await ids("ip:203.0.113.7")).toEqual(["v01", "v02", "v07"]);
    expect(await ids("IP:203.0.113.8")).toEqual(["v05"]);
    expect(await ids("id:user-1")).toEqual(["v01"]);
    expect(await ids("id:USER-1")).toEqual([]);
    expect(await ids("#vip")).toEqual(["v01", "v02"]);
    expect(await ids("#VIP")).toEqual(["v07"]);
    expect(await ids("#churn-risk")).toEqual(["v05"]);
    expect(await ids("integration_id:acmechat:1234")).toEqual(["v02"]);
    expect(await ids("integration_id:helpdesk:1234")).toEqual(["v05"]);
    expect(await ids("integration_id:acmechat:12")).toEqual([]);
  });

  it("finds a lookup code only on an online visitor", async () => {
    expect(await ids("4821")).toEqual(["v01"]);
    expect(await ids("1234")).toEqual(["v07"]);
    expect(await ids("9999")).toEqual([]);
  });

  it("ANDs tokens, repeated tokens and free text", async () => {
    expect(await ids("#vip online")).toEqual(["v01"]);
    expect(await ids("#vip -online")).toEqual(["v02"]);
    expect(await ids("#vip #trial")).toEqual(["v02"]);
    expect(await ids("#trial online")).toEqual(["v03"]);
    expect(await ids("jane online")).toEqual(["v01", "v03"]);
    expect(await ids("jane pricing")).toEqual(["v01"]);
    expect(await ids("ip:203.0.113.7 ann")).toEqual(["v07"]);
    expect(await ids("ip:203.0.113.7 ip:203.0.113.8")).toEqual([]);
  });

  it("matches free text over names, emails, identities, unique ids and urls", async () => {
    expect(await ids("jane")).toEqual(["v01", "v03", "v04"]);
    expect(await ids("Katherine")).toEqual(["v05"]);
    expect(await ids("checkout")).toEqual(["v05"]);
    expect(await ids("user-6")).toEqual(["v06"]);
    expect(await ids("example.org")).toEqual(["v04"]);
    expect(await ids("filler")).toEqual(all.slice(8));
    expect(await ids("zebra")).toEqual([]);
  });

  it("finds near-miss spellings", async () => {
    expect(await ids("jonson")).toEqual(["v02"]);
    expect(await ids("kathrine")).toEqual(["v05"]);
    expect(await ids("chekout")).toEqual(["v05"]);
  });

  it("reads a quoted phrase as free text, even when it looks like a token", async () => {
    expect(await ids('"online"')).toEqual(["v08"]);
    expect(await ids('"Jane Doe"')).toEqual(["v01"]);
    // A phrase is matched as written; its words alone may match in any order and fuzzily.
    expect(await ids('"pricing jane"')).toEqual([]);
    expect(await ids("pricing jane")).toEqual(["v01"]);
  });

  it("takes LIKE wildcards in free text literally", async () => {
    expect(await ids("_")).toEqual(["v06"]);
    expect(await ids("%")).toEqual(["v06"]);
    expect(await ids("\\")).toEqual([]);
  });

  it("gives the newest matches whether a word is common (walked newest first) or rare (listed by its index)", async () => {
    await db.insert(teams).values({ id: "t_d", name: "t_d", domain: "shop.example.com", publicKey: "pk_t_d", webhookSecret: "whsec" });
    // 300 visitors named Mira, a minute apart; every 100th also Quill, a rare name.
    const named = Array.from({ length: 300 }, (_, i) =>
      row(
        "t_d",
        { shortId: `d${String(i).padStart(3, "0")}`, online: false, callName: i % 100 === 42 ? "Mira Quill" : `Mira ${i}` },
        new Date(now - i * 60_000),
      ),
    );
    await db.insert(visitors).values(named);
    // The planner's statistics, by which a search picks its way.
    await db.execute(sql`analyze visitors`);
    const found = async (search: string, maxResults: number) =>
      (await searchVisitors(db, "t_d", { search, maxResults })).map((visitor) => `${visitor.shortId}${visitor.searchMatch.typo ? "~" : ""}`);
    expect(await found("mira", 4)).toEqual(["d000", "d001", "d002", "d003"]);
    expect(await found("quill", 4)).toEqual(["d042", "d142", "d242"]);
    expect(await found("mira quill", 2)).toEqual(["d042", "d142"]);
    // Typo'd: the exact holders first, then those of the typo'd spelling, newest first.
    expect(await found("qill", 5)).toEqual(["d042~", "d142~", "d242~"]);
    expect(await found("mirra", 2)).toEqual(["d000~", "d001~"]);
    // Newer visitors the statistics have not seen, none a Mira: the short walk finds none, the older ones are listed.
    await db
      .insert(visitors)
      .values(
        Array.from({ length: 20 }, (_, i) =>
          row("t_d", { shortId: `e${String(i).padStart(3, "0")}`, online: false, callName: `Otto ${i}` }, new Date(now + (i + 1) * 1000)),
        ),
      );
    expect(await found("mira", 2)).toEqual(["d000", "d001"]);
    expect(await found("otto", 2)).toEqual(["e019", "e018"]);
  });

  it("finds what the Visitors list shows: the words of a visitor's place, browser and device, and a tag's word without its #", async () => {
    const place = { locationCity: "Lisbon", locationCountryName: "Portugal", browserName: "Firefox", deviceName: "iPhone", deviceType: "mobile" };
    const v09 = row(
      "t_a",
      fixtures.find((fixture) => fixture.shortId === "v09")!,
      new Date(),
    );
    await db
      .update(visitors)
      .set({ ...place, searchText: visitorSearchText({ ...v09, ...place } as Parameters<typeof visitorSearchText>[0]) })
      .where(and(eq(visitors.teamId, "t_a"), eq(visitors.shortId, "v09")));
    for (const word of ["lisbon", "Portugal", "firefox", "iphone", "iPhone mobile", "lisbn"]) expect(await ids(word), word).toEqual(["v09"]);
    const [found] = await searchVisitors(db, "t_a", { search: "portugal firefox" });
    expect(found.searchMatch).toEqual({ fields: ["location_country_name", "browser_name"], typo: false });
    // `vip` finds the visitors tagged #vip (or #VIP), as the tag token does.
    expect(await ids("vip")).toEqual(["v01", "v02", "v07"]);
    expect((await searchVisitors(db, "t_a", { search: "vip" }))[0].searchMatch.fields).toEqual(["tags"]);
  });

  it("never returns another team's visitors", async () => {
    expect(await searchVisitors(db, "t_nobody", {})).toEqual([]);
    const decoy = await searchVisitors(db, "t_b", { search: "jane@example.com #vip #trial 4821 ip:203.0.113.7 id:user-1 jonson" });
    expect(decoy.map((visitor) => visitor.shortId)).toEqual(["x01"]);
  });
});
