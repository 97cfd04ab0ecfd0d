import type { VisitorRow } from "../present";
import type { SearchTerm } from "./parse-search";
import { foldText, holdsWord, lowerCase } from "./fold";
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
  ["location_city", (row) => [row.locationCity]],
  ["location_country_name", (row) => [row.locationCountryName]],
  ["browser_name", (row) => [row.browserName]],
  ["device_name", (row) => [row.deviceName]],
  ["device_type", (row) => [row.deviceType]],
  ["tags", (row) => row.tags],
];

/** One visitor's text fields, each read and folded at most once, whatever the terms. */
class FoldedFields {
  private readonly read: (string[] | undefined)[] = [];
  private readonly folds: (string[] | undefined)[] = [];
  constructor(private readonly row: VisitorRow) {}

  values(field: number): string[] {
    return (this.read[field] ??= TEXT_FIELDS[field][1](this.row).filter((value): value is string => Boolean(value)));
  }

  folded(field: number): string[] {
    return (this.folds[field] ??= this.values(field).map(foldText));
  }
}

/** The fields a term matched on one visitor's folded fields. */
type TermMatcher = (fields: FoldedFields) => string[];

const fieldsWhere = (matches: (fields: FoldedFields, field: number) => boolean) => (fields: FoldedFields) =>
  TEXT_FIELDS.flatMap(([name], field) => (matches(fields, field) ? [name] : []));

function termMatcher(term: SearchTerm, words: WordMatches[] | null): TermMatcher {
  switch (term.kind) {
    case "email":
      return fieldsWhere((fields, field) => TEXT_FIELDS[field][0] !== "call_name" && fields.values(field).some((value) => lowerCase(value) === term.value));
    case "ip":
      return () => ["ip_address"];
    case "id":
      return () => ["unique_id"];
    case "lookupCode":
      return () => ["lookup_code"];
    case "tag":
      return () => ["tags"];
    case "integrationId":
      return () => ["integration_ids"];
    case "text": {
      if (!words) {
        const text = foldText(term.value);
        return fieldsWhere((fields, field) => fields.folded(field).some((value) => value.includes(text)));
      }
      const spellings = [...new Set(words.flatMap((word) => [...word.exact, ...word.typo]))];
      return fieldsWhere((fields, field) => fields.folded(field).some((text) => spellings.some((word) => holdsWord(text, word))));
    }
    default:
      return () => [];
  }
}

/**
 * For a search's terms (and each term's matched words), what names the fields each term matched on a
 * visitor, in the order of the terms.
 */
export function searchMatcher(terms: SearchTerm[], words: (WordMatches[] | null)[], typo: boolean): (row: VisitorRow) => SearchMatch {
  const matchers = terms.map((term, i) => termMatcher(term, words[i]));
  return (row) => {
    const fields = new FoldedFields(row);
    return { fields: [...new Set(matchers.flatMap((matcher) => matcher(fields)))], typo };
  };
}
