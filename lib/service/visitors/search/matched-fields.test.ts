import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { searchMatcher } from "./matched-fields";
import type { VisitorRow } from "./search-visitors";

/** A row whose only text is its call name and its page's title. */
const row = (callName: string, lastTitle: string | null = null) =>
  ({ callName, email: null, identities: [], uniqueId: null, lastUrl: null, lastTitle, tags: [] }) as unknown as VisitorRow;
const fieldsFor = (word: string, visitor: VisitorRow) =>
  searchMatcher([{ kind: "text", value: word }], [[{ word, exact: [word], typo: [] }]], false)(visitor).fields;

/** search_words_of (migration 0022) on ASCII text: split at punctuation and spaces, and around digit runs. */
const wordsOf = (folded: string) =>
  folded
    .replace(/([0-9]+)/g, " $1 ")
    .split(/[\s!-/:-@[-`{-~]+/)
    .filter(Boolean);

describe("searchMatcher", () => {
  it("names a field when one of its words is the matched word, not a part of one", () => {
    expect(fieldsFor("cooper", row("Jane Cooper42"))).toEqual(["call_name"]);
    expect(fieldsFor("42", row("Jane Cooper42"))).toEqual(["call_name"]);
    expect(fieldsFor("4", row("Jane Cooper42"))).toEqual([]);
    expect(fieldsFor("coop", row("Jane Cooper42"))).toEqual([]);
    expect(fieldsFor("jose", row("Ana", "José's backpack"))).toEqual(["last_title"]);
    expect(fieldsFor("s", row("Ana", "José's backpack"))).toEqual(["last_title"]);
  });

  it("agrees with splitting the folded text into its words", () => {
    const text = fc.array(fc.constantFrom("a", "b", "ab", "1", "12", " ", "-", ".", "'", "@", "é", "_", "~"), { maxLength: 12 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.constantFrom("a", "b", "ab", "ba", "1", "12", "2", "e"), (callName, word) => {
        const folded = callName.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
        expect(fieldsFor(word, row(callName))).toEqual(wordsOf(folded).includes(word) ? ["call_name"] : []);
      }),
    );
  });
});
