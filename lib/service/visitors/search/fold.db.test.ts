import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { foldText, holdsWord } from "./fold";
import { parseSearch } from "./parse-search";

/**
 * The search folds and splits text twice: in the database (search_fold, search_words_held, which makes
 * the visitors' words, and search_words_of, which splits what is searched for) and in TypeScript (which names the fields that matched, and
 * lower-cases typed terms). Held against each other here, on the database the suite runs on.
 */
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  const database = await openTestDatabase();
  db = database.db;
  close = database.close;
}, 120_000);

afterAll(async () => {
  await close?.();
});

/** Letters that fold in every way search_fold knows, and the separators and spaces that split words. */
const PIECES = [
  ..."aBzZéÉèÊñÑÅåçÇöÖüÜ", // accents, either case
  ..."ßẞæÆœŒøØłŁđĐħĦıİ", // letters search_fold spells out
  ..."ΣσςΑάЖжЁё", // Greek (a final sigma), Cyrillic
  ..."e\u0301n\u0303", // letters with their combining accents apart
  ..."0123456789",
  ..." \t\n-._'@/:~`|",
  ..."\u0085\u00a0\u1680\u2007\u202f\u2009\u3000\u200b\ufeff", // next line, no-break, ogham, figure, narrow, thin, ideographic and zero-width spaces, a byte-order mark
  "42",
  "Ab",
];
const texts = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((pieces) => pieces.join(""));

/** Characters no word can hold, whichever side's rules say so: a word to test is never cut across one. */
const BREAKS = /[\s\p{White_Space}!-/:-@[-\x60{-~\u200b\ufeff]/u;

/** Every stretch of `folded` that could be one of its words: no break inside, all digits or none. */
function candidates(folded: string): string[] {
  const found = new Set<string>();
  const chars = [...folded];
  for (let start = 0; start < chars.length; start++) {
    for (let end = start + 1; end <= chars.length; end++) {
      const word = chars.slice(start, end).join("");
      if (BREAKS.test(word)) break;
      if (/^[0-9]+$/.test(word) || !/[0-9]/.test(word)) found.add(word);
    }
  }
  return [...found];
}

/**
 * What the database makes of each text: folded, and the words of the folded text. One JSON answer: a
 * text field that starts with a byte-order mark would lose it on the way back.
 */
async function databaseFolds(samples: string[]): Promise<{ text: string; folded: string; words: string[]; held: string[] }[]> {
  const result = await db.execute<{ folds: [string, string[], string[]][] }>(
    sql`select json_agg(json_build_array(search_fold(text), search_words_of(search_fold(text)), search_words_held(search_fold(text))) order by i) as folds
        from json_array_elements_text(${JSON.stringify(samples)}::json) with ordinality as t(text, i)`,
  );
  return result.rows[0].folds.map(([folded, words, held], i) => ({ text: samples[i], folded, words, held }));
}

describe("the search's folding", () => {
  it("folds text in TypeScript as search_fold does, and finds the words search_words_of and search_words_held find", { timeout: 120_000 }, async () => {
    const samples = [...fc.sample(texts, { numRuns: 400, seed: 20_240_601 }), "José's Straße", "ŁÓDŹ 42B", "ΟΔΥΣΣΕΥΣ Οδυσσεύς", "Jane\u00a0Cooper"];
    for (const row of await databaseFolds(samples)) {
      const folded = foldText(row.text);
      expect(folded, JSON.stringify(row.text)).toBe(row.folded);
      for (const word of candidates(folded)) {
        expect(holdsWord(folded, word), `${JSON.stringify(word)} in ${JSON.stringify(folded)}`).toBe(row.words.includes(word));
      }
      // Fewer than 96 words: a visitor holds them all, the words a search for the same text looks for.
      expect([...row.held].sort(), JSON.stringify(row.text)).toEqual([...row.words].sort());
    }
  });

  it("lower-cases a typed phrase without changing what the database folds it to", { timeout: 120_000 }, async () => {
    // A quoted phrase keeps its text but for runs of spaces, which become one.
    const phrases = fc.sample(texts, { numRuns: 400, seed: 20_240_602 }).map((text) => text.replace(/[\s\p{Cc}]+/gu, " ").trim());
    const typed = phrases.map((phrase) => String(parseSearch(`"${phrase}"`).terms[0]?.value ?? ""));
    const [asTyped, asWritten] = await Promise.all([databaseFolds(typed), databaseFolds(phrases)]);
    asWritten.forEach((row, i) => expect(asTyped[i].folded, JSON.stringify(row.text)).toBe(row.folded));
  });
});
