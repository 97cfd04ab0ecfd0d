import { lowerCase } from "./fold";

/** Longest search handled: longer input is cut, so a pasted essay cannot turn into hundreds of SQL terms. */
export const MAX_SEARCH_LENGTH = 500;

/** One condition of a search; a visitor must meet every term of the query. */
export type SearchTerm =
  | { kind: "email"; value: string } // lower-cased
  | { kind: "online"; value: boolean } // `online` → true, `-online` → false
  | { kind: "waiting"; value: boolean } // `waiting` → asking for help (oldest first), `-waiting` → not
  | { kind: "ip"; value: string }
  | { kind: "id"; value: string } // the visitor's unique id
  | { kind: "lookupCode"; value: string } // 4 digits
  | { kind: "tag"; value: string } // with its `#`, as tags are stored
  | { kind: "integrationId"; value: string } // `name:id`, as integration ids are stored
  | { kind: "text"; value: string }; // a lower-cased word or quoted phrase, matched fuzzily

export interface SearchQuery {
  /** In the order first typed, without repeats. */
  terms: SearchTerm[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TAG = /^#[A-Za-z-]+$/;
const LOOKUP_CODE = /^[0-9]{4}$/;
// ASCII-only case-insensitive prefixes: no `u` flag, so e.g. `ſ` never folds to `s`.
const ONLINE = /^(-?)online$/i;
const WAITING = /^(-?)waiting$/i;
const IP = /^ip:(.+)$/i;
const ID = /^id:(.+)$/i;
const INTEGRATION_ID = /^integration_id:([^:]+):(.+)$/i;
/** A quoted phrase, or a word: whitespace, control characters and quotes separate words. */
const PIECE = /"([^"]*)"|[^\s"\p{Cc}]+/gu;
const SEPARATORS = /[\s\p{Cc}]+/gu;

/** What a single unquoted word means. */
function classify(word: string): SearchTerm {
  let match: RegExpExecArray | null;
  if ((match = ONLINE.exec(word))) return { kind: "online", value: match[1] === "" };
  if ((match = WAITING.exec(word))) return { kind: "waiting", value: match[1] === "" };
  if ((match = IP.exec(word))) return { kind: "ip", value: match[1] };
  if ((match = ID.exec(word))) return { kind: "id", value: match[1] };
  if ((match = INTEGRATION_ID.exec(word))) return { kind: "integrationId", value: `${match[1]}:${match[2]}` };
  if (TAG.test(word)) return { kind: "tag", value: word };
  if (LOOKUP_CODE.test(word)) return { kind: "lookupCode", value: word };
  if (EMAIL.test(word)) return { kind: "email", value: lowerCase(word) };
  return { kind: "text", value: lowerCase(word) };
}

function formatTerm(term: SearchTerm): string {
  switch (term.kind) {
    case "online":
      return term.value ? "online" : "-online";
    case "waiting":
      return term.value ? "waiting" : "-waiting";
    case "ip":
      return `ip:${term.value}`;
    case "id":
      return `id:${term.value}`;
    case "integrationId":
      return `integration_id:${term.value}`;
    case "text": {
      // Quoted when bare it would read as several words or as a token (e.g. free text `online`).
      const bare = !term.value.includes(" ") && classify(term.value).kind === "text";
      return bare ? term.value : `"${term.value}"`;
    }
    default:
      return term.value;
  }
}

/** The canonical query string: `parseSearch(formatSearch(query))` gives `query` back. */
export function formatSearch(query: SearchQuery): string {
  return query.terms.map(formatTerm).join(" ");
}

/**
 * Reads the search grammar of GET /v1.3/list (see compatibility-notes.md). Never throws: anything that
 * is not a token is free text, and `"two words"` is one free-text phrase whatever it holds.
 */
export function parseSearch(input: string): SearchQuery {
  // toWellFormed: a cut (or bad) surrogate pair must not reach PostgreSQL as invalid UTF-16.
  const text = (typeof input === "string" ? input : "").slice(0, MAX_SEARCH_LENGTH).toWellFormed();
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  let length = -1;
  for (const [piece, phrase] of text.matchAll(PIECE)) {
    const term: SearchTerm = phrase === undefined ? classify(piece) : { kind: "text", value: lowerCase(phrase.replace(SEPARATORS, " ").trim()) };
    const key = `${term.kind}\u0000${term.value}`;
    if (term.value === "" || seen.has(key)) continue;
    // Keep the canonical form within the limit too (lower-casing or added quotes can lengthen it),
    // so that re-parsing a formatted query never cuts it.
    length += formatTerm(term).length + 1;
    if (length > MAX_SEARCH_LENGTH) break;
    seen.add(key);
    terms.push(term);
  }
  return { terms };
}
