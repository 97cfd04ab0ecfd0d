import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { searchWords, teams, visitors } from "../../core/schema";
import { deleteVisitor, purgeOfflineVisitors } from "../delete";
import { searchVisitors } from "./search-visitors";
import { visitorSearchText } from "./search-text";
import { identifyVisitor } from "../ingest/identify";
import { registerVisitor } from "../ingest/register";
import { desktopChrome, insertTeam } from "../ingest/test-fixtures";

const now = Date.now();
const HOUR = 3_600_000;

interface Fixture {
  shortId: string;
  callName: string;
  lastTitle?: string;
  online?: boolean;
}

let db: Db;
let close: () => Promise<void>;

/** Visitors of `teamId`, newest first: each last seen `apartMs` (a minute) before the one above it. */
async function insert(teamId: string, fixtures: Fixture[], apartMs = 60_000): Promise<void> {
  await db.insert(visitors).values(
    fixtures.map(({ online, ...fixture }, i) => {
      const fields = { email: null, identities: [], uniqueId: null, lastUrl: "https://shop.example.com/", lastTitle: null, ...fixture };
      return {
        ...fields,
        teamId,
        tokenHash: `hash-${fixture.shortId}`,
        lastSeenAt: new Date(now - i * apartMs),
        onlineUntil: new Date(now - i * apartMs + (online ? HOUR : 0)),
        searchText: visitorSearchText(fields),
      };
    }),
  );
}

const ids = async (teamId: string, search: string, maxResults?: number) =>
  (await searchVisitors(db, teamId, { search, maxResults })).map((visitor) => visitor.shortId);

/** A word of letters alone for `n` (digits are words of their own): 0 → "purgeaa", 27 → "purgebb". */
const letters = (n: number) => `purge${String.fromCharCode(97 + Math.floor(n / 26))}${String.fromCharCode(97 + (n % 26))}`;

const dictionary = async (teamId: string) =>
  (await db.select({ word: searchWords.word }).from(searchWords).where(eq(searchWords.teamId, teamId))).map((row) => row.word).sort();

beforeAll(async () => {
  const database = await openTestDatabase();
  db = database.db;
  close = database.close;
  for (const id of ["t_words", "t_other", "t_purge"]) {
    await db.insert(teams).values({ id, name: id, domain: "shop.example.com", publicKey: `pk_${id}`, webhookSecret: "whsec" });
  }
  await insert("t_words", [
    { shortId: "w01", callName: "Jana Novak" }, // newest, but `jane` is only a typo of it
    { shortId: "w02", callName: "Jane Cooper" },
    { shortId: "w03", callName: "José Álvarez", lastTitle: "Merino Scarf | Shop" },
    { shortId: "w04", callName: "Jose Ortega" },
    { shortId: "w05", callName: "Katherine Bartholomew" },
    { shortId: "w06", callName: "Ann O'Brien-Smith" },
    { shortId: "w07", callName: "Mary Cooper" },
  ]);
  await insert("t_other", [{ shortId: "o01", callName: "Jane Cooper" }]);
}, 120_000);

afterAll(async () => {
  await close?.();
});

describe("typo'd words", () => {
  it("allow one edit from 4 letters: inserted, missing, changed, or neighbours swapped", async () => {
    expect(await ids("t_words", "coopr")).toEqual(["w02", "w07"]);
    expect(await ids("t_words", "coopperss")).toEqual([]); // 9 letters, but three edits
    expect(await ids("t_words", "cooper")).toEqual(["w02", "w07"]);
    expect(await ids("t_words", "ocoper")).toEqual(["w02", "w07"]);
    expect(await ids("t_words", "novac")).toEqual(["w01"]);
    expect(await ids("t_words", "nvoak")).toEqual(["w01"]); // neighbours swapped
    expect(await ids("t_words", "nvoka")).toEqual([]); // two edits in 5 letters
  });

  it("allow two edits from 8 letters", async () => {
    expect(await ids("t_words", "bartholmeew")).toEqual(["w05"]);
    expect(await ids("t_words", "katherien")).toEqual(["w05"]);
    expect(await ids("t_words", "kotherina")).toEqual(["w05"]);
    expect(await ids("t_words", "kthrien")).toEqual([]); // 7 letters: one edit only
  });

  it("allow none below 4 letters", async () => {
    expect(await ids("t_words", "ann")).toEqual(["w06"]);
    expect(await ids("t_words", "amn")).toEqual([]);
  });

  it("complete an unfinished word, but not a word that is one", async () => {
    expect(await ids("t_words", "kathe")).toEqual(["w05"]);
    expect(await ids("t_words", "bri")).toEqual(["w06"]);
    expect(await ids("t_words", "jan")).toEqual(["w01", "w02"]);
    expect(await ids("t_words", "jana")).toEqual(["w01", "w02"]); // jana exactly, then jane as a typo
  });

  it("match either order, and each word of a hyphenated or apostrophised name", async () => {
    expect(await ids("t_words", "cooper jane")).toEqual(["w02"]);
    expect(await ids("t_words", "obrien")).toEqual(["w06"]); // a letter too many for brien
    expect(await ids("t_words", "brien smith")).toEqual(["w06"]);
    expect(await ids("t_words", "o'brien-smith")).toEqual(["w06"]);
  });
});

describe("accents", () => {
  it("fold both ways: José finds Jose, and Jose finds José", async () => {
    expect(await ids("t_words", "jose")).toEqual(["w03", "w04"]);
    expect(await ids("t_words", "José")).toEqual(["w03", "w04"]);
    expect(await ids("t_words", "ALVAREZ")).toEqual(["w03"]);
    expect(await ids("t_words", "álvarez josé")).toEqual(["w03"]);
    expect(await ids("t_words", '"josé álvarez"')).toEqual(["w03"]);
  });

  it("split words at every Unicode space, no-break ones too, and name the field they were found in", async () => {
    await db.insert(teams).values({ id: "t_spaces", name: "t_spaces", domain: "shop.example.com", publicKey: "pk_t_spaces", webhookSecret: "whsec" });
    await insert("t_spaces", [{ shortId: "s01", callName: "Ana Lima", lastTitle: "Wool\u00a0Blanket\u202f| Shop" }]);
    const found = await searchVisitors(db, "t_spaces", { search: "blanket" });
    expect(found.map((visitor) => [visitor.shortId, visitor.searchMatch])).toEqual([["s01", { fields: ["last_title"], typo: false }]]);
    expect(await ids("t_spaces", "wool")).toEqual(["s01"]);
  });
});

describe("ranking", () => {
  it("puts exact matches before typo'd ones, then the newest first", async () => {
    // w01 (Jana) is the newest, yet comes after w02 (Jane), found exactly.
    expect(await ids("t_words", "jane")).toEqual(["w02", "w01"]);
    expect(await ids("t_words", "jane", 1)).toEqual(["w02"]);
    expect(await ids("t_words", "janz")).toEqual(["w01", "w02"]); // both typo'd: newest first
  });

  it("says which field matched and whether through a typo", async () => {
    const [exact, typo] = await searchVisitors(db, "t_words", { search: "jane" });
    expect(exact.searchMatch).toEqual({ fields: ["call_name"], typo: false });
    expect(typo.searchMatch).toEqual({ fields: ["call_name"], typo: true });
    const [titled] = await searchVisitors(db, "t_words", { search: "merino" });
    expect(titled.shortId).toBe("w03");
    expect(titled.searchMatch).toEqual({ fields: ["last_title"], typo: false });
  });
});

describe("the dictionary of words", () => {
  it("holds each team's words, folded, once", async () => {
    expect(await dictionary("t_other")).toEqual(["com", "cooper", "example", "https", "jane", "shop"]);
    expect(await dictionary("t_words")).toContain("alvarez");
    expect(await dictionary("t_words")).not.toContain("álvarez");
  });

  it("loses a deleted visitor's words at once, and keeps words another visitor holds", async () => {
    await insert("t_words", [{ shortId: "w08", callName: "Zebulon Quixley" }]);
    expect(await dictionary("t_words")).toEqual(expect.arrayContaining(["zebulon", "quixley"]));
    expect(await ids("t_words", "zebulom")).toEqual(["w08"]);
    await deleteVisitor(db, "t_words", "w08");
    expect(await dictionary("t_words")).not.toContain("zebulon");
    expect(await dictionary("t_words")).not.toContain("quixley");
    expect(await ids("t_words", "zebulom")).toEqual([]);
    expect(await dictionary("t_words")).toContain("shop");
  });

  it("keeps a deleted visitor's words that the team's newest or oldest visitors hold, and only those", async () => {
    await db.insert(teams).values({ id: "t_crowd", name: "t_crowd", domain: "shop.example.com", publicKey: "pk_t_crowd", webhookSecret: "whsec" });
    // More visitors than the clean-up looks at among the newest: the oldest one is asked of the index.
    const crowd = Array.from({ length: 1100 }, (_, n) => ({ shortId: `c${String(n).padStart(4, "0")}`, callName: "Crowd Member" }));
    crowd[600] = { shortId: "c0600", callName: "Crowd Relic Vanishing" };
    crowd[1099] = { shortId: "c1099", callName: "Ancient Relic" };
    await insert("t_crowd", crowd);
    await insert("t_other", [{ shortId: "o02", callName: "Vanishing" }]);
    await deleteVisitor(db, "t_crowd", "c0600");
    const words = await dictionary("t_crowd");
    expect(words).toEqual(expect.arrayContaining(["crowd", "relic", "ancient"]));
    expect(words).not.toContain("vanishing");
    expect(await dictionary("t_other")).toContain("vanishing");
    await deleteVisitor(db, "t_crowd", "c1099");
    expect(await dictionary("t_crowd")).not.toContain("relic");
  }, 60_000);

  it("loses purged visitors' words, keeping those of online visitors", async () => {
    await insert("t_purge", [
      { shortId: "p01", callName: "Online Ottoline", online: true },
      { shortId: "p02", callName: "Offline Ottoline" },
      { shortId: "p03", callName: "Gone Gwendolyn" },
    ]);
    expect(await purgeOfflineVisitors(db, "t_purge")).toBe(2);
    expect(await dictionary("t_purge")).toEqual(["com", "example", "https", "online", "ottoline", "shop"]);
    expect(await ids("t_purge", "gwendolin")).toEqual([]);
    expect(await ids("t_purge", "otoline")).toEqual(["p01"]);
  });

  it("loses a large purge's words at once, keeping those that an online visitor beyond the newest 1,000 holds", async () => {
    await db.insert(teams).values({ id: "t_mass", name: "t_mass", domain: "shop.example.com", publicKey: "pk_t_mass", webhookSecret: "whsec" });
    // Words enough to be asked in one statement rather than one at a time; then 1,010 online visitors.
    const offline = Array.from({ length: 80 }, (_, n) => ({ shortId: `x${n}`, callName: `Mass ${letters(n)}` }));
    const online = Array.from({ length: 1010 }, (_, n) => ({ shortId: `y${String(n).padStart(4, "0")}`, callName: "Crowd Member", online: true }));
    online[1009].callName = "Crowd Keeper";
    await insert("t_mass", [...offline, { shortId: "x99", callName: "Keeper Mass" }, ...online], 1_000);
    expect(await purgeOfflineVisitors(db, "t_mass")).toBe(81);
    expect(await dictionary("t_mass")).toEqual(["com", "crowd", "example", "https", "keeper", "member", "shop"]);
  }, 60_000);
});

describe("the dictionary under a page that identifies with made-up words", () => {
  const madeUp = (call: number, n: number) => `zq${String.fromCharCode(97 + (call % 26), 97 + ((call / 26) | 0), 97 + (n % 26), 97 + (((n / 26) % 26) | 0))}`;

  it("keeps only the words visitors hold now: at most 96 a visitor, those a write takes away leaving it", async () => {
    const team = await insertTeam(db);
    const { visitorId } = await registerVisitor(db, team, { url: "https://shop.example.com/" }, desktopChrome);
    const before = (await dictionary(team.id)).length;
    // 50 identifies of 400 made-up words each: 20,000 words sent.
    for (let call = 0; call < 50; call++) {
      const identities = Array.from({ length: 40 }, (_, entry) => Array.from({ length: 10 }, (_, n) => madeUp(call, entry * 10 + n)).join(" "));
      await identifyVisitor(db, team, visitorId, { identities });
    }
    const [held] = await db.select({ words: visitors.searchWords }).from(visitors).where(eq(visitors.shortId, visitorId));
    expect(held.words).toHaveLength(96);
    expect((await dictionary(team.id)).length - before).toBeLessThanOrEqual(96);
    // The visitor's words of now are all there, and found.
    expect(await dictionary(team.id)).toEqual(expect.arrayContaining(held.words.filter((word) => /^[a-z]{2,24}$/.test(word))));
    expect((await searchVisitors(db, team.id, { search: held.words[0] })).map((visitor) => visitor.shortId)).toEqual([visitorId]);

    // A real name replaces them: the made-up words leave, the page's address and its browser's words stay.
    await identifyVisitor(db, team, visitorId, { identities: ["Quincy Adamsworth"] });
    expect(await dictionary(team.id)).toEqual(["adamsworth", "chrome", "com", "desktop", "example", "https", "pc", "quincy", "shop", "windows"]);
  }, 120_000);

  it("keeps a word a visitor lets go while another visitor of the team holds it", async () => {
    const team = await insertTeam(db);
    const first = await registerVisitor(db, team, { url: "https://shop.example.com/" }, desktopChrome);
    const second = await registerVisitor(db, team, { url: "https://shop.example.com/" }, desktopChrome);
    await identifyVisitor(db, team, first.visitorId, { callName: "Marigold Featherstone" });
    await identifyVisitor(db, team, second.visitorId, { callName: "Marigold Pennywhistle" });
    await identifyVisitor(db, team, first.visitorId, { callName: null });
    expect(await dictionary(team.id)).toEqual(["chrome", "com", "desktop", "example", "https", "marigold", "pc", "pennywhistle", "shop", "windows"]);
    expect((await searchVisitors(db, team.id, { search: "marigld" })).map((visitor) => visitor.shortId)).toEqual([second.visitorId]);
  });
});
