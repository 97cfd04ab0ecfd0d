import { and, arrayContains, eq, not, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { visitors } from "../../core/schema";
import type { VisitorRow } from "../present";
import { holdsTag, tagKeyed, wordsKeyed } from "./keyed";
import { searchMatcher, type SearchMatch } from "./matched-fields";
import { newestMatching, type ListOrder } from "./newest-matching";
import { parseSearch, type SearchTerm } from "./parse-search";
import { readFound } from "./read-found";
import { searchFrequencies } from "./search-statistics";
import { allowedEdits } from "./typo-rules";
import { inDictionary, matchWords, type WordMatches } from "./word-matches";

export const DEFAULT_MAX_RESULTS = 50;
export const MAX_RESULTS_CAP = 500;

export interface SearchVisitorsOptions {
  /** The search grammar (see parseSearch); empty lists the latest visitors. */
  search?: string;
  /** Default DEFAULT_MAX_RESULTS, at most MAX_RESULTS_CAP. */
  maxResults?: number;
  /** The console's extra filter: true → only online, false → only offline. */
  online?: boolean;
}

export type { VisitorRow };
/** A visitor that a search found, with why, and whether a session with them is going on. */
export type FoundVisitor = VisitorRow & { searchMatch: SearchMatch; inSession: boolean };

const isOnline = sql`${visitors.onlineUntil} > now()`;
const isOffline = sql`${visitors.onlineUntil} <= now()`;
// The bare column (no `= $1`), which the partial index visitors_team_waiting_idx is declared with.
const isWaiting = sql`${visitors.isWaitingForCall}`;
const isNotWaiting = sql`not ${visitors.isWaitingForCall}`;

/** `%text%` for LIKE, with LIKE's own wildcards (and its default escape `\`) taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

// Plain words (letters and digits) are matched as words: exactly, as the beginning of longer words, or
// with typos. Anything else (`example.org`, `user-6`, a quoted phrase of several words) is meant as written.
const PLAIN_WORD = /^[\p{L}\p{M}\p{N}]+$/u;

/** Free text other than plain words: a substring of the folded search_text, served by its trigram index. */
function freeText(text: string): SQL {
  return sql`${visitors.searchText} ilike search_fold(${containsPattern(text)})`;
}

/** Each plain word term's matches in the team's dictionary; null for any other term, or a word that folds to nothing. */
async function termWordMatches(db: Db, teamId: string, terms: SearchTerm[], typos: boolean): Promise<(WordMatches[] | null)[]> {
  const plain = terms.map((term) => (term.kind === "text" && PLAIN_WORD.test(term.value) ? term.value : null));
  const matches = await matchWords(
    db,
    teamId,
    plain.filter((text): text is string => text !== null),
    typos,
  );
  let next = 0;
  return plain.map((text) => {
    if (text === null) return null;
    const words = matches[next++];
    return words.length > 0 ? words : null;
  });
}

/**
 * Case-insensitive on the email, the unique id and every identity. Holding the address's words is
 * implied by the others (search_words has the words of all three) and lets their index narrow the rows
 * first: an exact lookup of each, the rarest (the digits, the name) leading.
 */
function email(address: string): SQL {
  return sql`(${visitors.searchWords} @> search_words_of(search_fold(${address})) and (
    lower(${visitors.email}) = ${address}
    or lower(${visitors.uniqueId}) = ${address}
    or exists (select 1 from unnest(${visitors.identities}) as identity(value) where lower(identity.value) = ${address})
  ))`;
}

function condition(term: SearchTerm): SQL {
  switch (term.kind) {
    case "online":
      return term.value ? isOnline : isOffline;
    case "waiting":
      return term.value ? isWaiting : isNotWaiting;
    case "ip":
      return eq(visitors.ipAddress, term.value);
    case "id":
      return eq(visitors.uniqueId, term.value);
    case "lookupCode":
      // A code is handed out again once its visitor goes offline: only an online holder counts.
      return sql`(${eq(visitors.lookupCode, term.value)} and ${isOnline})`;
    case "tag":
      return holdsTag(term.value);
    case "integrationId":
      return arrayContains(visitors.integrationIds, [term.value]);
    case "email":
      return email(term.value);
    case "text":
      return freeText(term.value);
  }
}

export function clampMaxResults(maxResults: number | undefined): number {
  if (maxResults === undefined || !Number.isFinite(maxResults)) return DEFAULT_MAX_RESULTS;
  return Math.min(Math.max(Math.trunc(maxResults), 1), MAX_RESULTS_CAP);
}

/**
 * The team's visitors matching every term of the search (and the online filter), newest first; with
 * `waiting`, in the order they asked for help (oldest first), so that the help queue reads the visitors
 * waiting longest whatever else happens on the site. Visitors whose plain words all matched exactly come
 * first; then, while max_results leaves room, those found through a typo'd word (see typo-rules.ts).
 */
export async function searchVisitors(db: Db, teamId: string, options: SearchVisitorsOptions = {}): Promise<FoundVisitor[]> {
  const terms = parseSearch(options.search ?? "").terms;
  const [words, frequencies] = await Promise.all([termWordMatches(db, teamId, terms, false), searchFrequencies(db)]);
  const keyedTerm = (term: SearchTerm, i: number) => Boolean(words[i]) || term.kind === "tag";
  const where = [eq(visitors.teamId, teamId), ...terms.filter((term, i) => !keyedTerm(term, i)).map(condition)];
  if (options.online !== undefined) where.push(options.online ? isOnline : isOffline);
  // Free text other than words is a trigram look-up, whose cost depends on the text.
  const byValues = terms.some((term, i) => term.kind === "text" && !words[i]);
  const tags = terms.flatMap((term) => (term.kind === "tag" ? [tagKeyed(term.value, frequencies)] : []));
  const typed = words.flatMap((matches) => matches ?? []);
  const order: ListOrder = terms.some((term) => term.kind === "waiting" && term.value)
    ? "waiting"
    : options.online === true || terms.some((term) => term.kind === "online" && term.value)
      ? "online"
      : "seen";
  const limit = clampMaxResults(options.maxResults);
  const exactly = typed.map((word) => wordsKeyed(word.exact, frequencies));
  // A word with no exact spelling held (only typo'd ones) leaves nothing for the exact pass to find.
  const exact = typed.every((word) => word.exact.length > 0)
    ? await newestMatching(db, teamId, { conditions: where, byValues }, [...exactly, ...tags], limit, order)
    : [];
  const withTypos = async (): Promise<{ ids: string[]; spelled: (WordMatches[] | null)[] }> => {
    if (exact.length === limit || !typed.some((word) => inDictionary(word.word) && allowedEdits(word.word) > 0)) return { ids: [], spelled: [] };
    // Those that hold a typo'd spelling of some word and not every word exactly.
    const spelled = await termWordMatches(db, teamId, terms, true);
    const spellings = spelled.flatMap((matches) => matches ?? []);
    if (!spellings.some((word) => word.typo.length > 0)) return { ids: [], spelled };
    const ids = await newestMatching(
      db,
      teamId,
      { conditions: [...where, not(and(...exactly.map((condition) => condition.holds(false)))!)], byValues },
      [...spellings.map((word) => wordsKeyed([...word.exact, ...word.typo], frequencies)), ...tags],
      limit - exact.length,
      order,
    );
    return { ids, spelled };
  };
  const typo = await withTypos();
  const exactMatch = searchMatcher(terms, words, false);
  const typoMatch = searchMatcher(terms, typo.spelled, true);
  const typoIds = new Set(typo.ids);
  // Onto the rows just read, not copies of them: a search can return 500 visitors of 27 fields.
  return (await readFound(db, teamId, [...exact, ...typo.ids])).map(({ visitor, inSession }) =>
    Object.assign(visitor, { inSession, searchMatch: (typoIds.has(visitor.shortId) ? typoMatch : exactMatch)(visitor) }),
  );
}
