import type { SearchTerm } from "./parse-search";
import type { VisitorRow } from "./search-visitors";
import type { WordMatches } from "./word-matches";

/** Why a visitor was found: the Visitor fields that matched, and whether through a typo'd word. */
export interface SearchMatch {
  fields: string[];
  typo: boolean;
}

/** The text fields free text looks at, by their API names. */
const TEXT_FIELDS: [string, (row: VisitorRow) => (string | null)[]][] = [
  ["call_name", (row) => [row.callName]],
  ["email", (row) => [row.email]],
  ["identities", (row) => row.identities],
  ["unique_id", (row) => [row.uniqueId]],
  ["last_url", (row) => [row.lastUrl]],
  ["last_title", (row) => [row.lastTitle]],
];

const OTHER_LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ħ: "h", ı: "i" };

/** search_fold of migration 0013, for naming the matched field only (the search itself folds in SQL). */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[ßæœøłđħı]/g, (letter) => OTHER_LETTERS[letter]);
}

/** search_words_of of migration 0013. */
function foldedWords(text: string): string[] {
  return foldText(text)
    .replace(/([0-9]+)/g, " $1 ")
    .split(/[\s!-/:-@[-`{-~]+/)
    .filter(Boolean);
}

function textFields(row: VisitorRow, matches: (values: string[]) => boolean): string[] {
  return TEXT_FIELDS.filter(([, values]) => matches(values(row).filter((value): value is string => Boolean(value)))).map(([name]) => name);
}

function termFields(row: VisitorRow, term: SearchTerm, words: WordMatches[] | null): string[] {
  switch (term.kind) {
    case "email":
      return textFields(row, (values) => values.some((value) => value.toLowerCase() === term.value)).filter((name) => name !== "call_name");
    case "ip":
      return ["ip_address"];
    case "id":
      return ["unique_id"];
    case "lookupCode":
      return ["lookup_code"];
    case "tag":
      return ["tags"];
    case "integrationId":
      return ["integration_ids"];
    case "text": {
      if (!words) return textFields(row, (values) => values.some((value) => foldText(value).includes(foldText(term.value))));
      const found = new Set(words.flatMap((word) => [...word.exact, ...word.typo]));
      return textFields(row, (values) => values.some((value) => foldedWords(value).some((word) => found.has(word))));
    }
    default:
      return [];
  }
}

/** The fields each term of the search matched on this visitor, in the order of the terms. */
export function searchMatch(row: VisitorRow, terms: SearchTerm[], words: (WordMatches[] | null)[], typo: boolean): SearchMatch {
  return { fields: [...new Set(terms.flatMap((term, i) => termFields(row, term, words[i])))], typo };
}
