import { and, arrayContains, asc, desc, eq, inArray, not, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { visitors } from "../../core/schema";
import { searchMatch, type SearchMatch } from "./matched-fields";
import { parseSearch, type SearchTerm } from "./parse-search";
import { matchWord, typedWords, type WordMatches } from "./word-matches";

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

export type VisitorRow = typeof visitors.$inferSelect;
/** A visitor that a search found, with why. */
export type FoundVisitor = VisitorRow & { searchMatch: SearchMatch };

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

/** Visitors holding one of the words, by the GIN index on search_words. */
function holdsAny(words: string[]): SQL {
  return sql`${visitors.searchWords} && array[${sql.join(
    words.map((word) => sql`${word}::text`),
    sql`, `,
  )}]`;
}

/** A plain word's matches in the team's dictionary; null for any other term, or a word that folds to nothing. */
async function wordMatches(db: Db, teamId: string, term: SearchTerm): Promise<WordMatches[] | null> {
  if (term.kind !== "text" || !PLAIN_WORD.test(term.value)) return null;
  const words = await typedWords(db, term.value);
  if (words.length === 0) return null;
  const matches: WordMatches[] = [];
  for (const word of words) matches.push(await matchWord(db, teamId, word));
  return matches;
}

/**
 * Case-insensitive on the email, the unique id and every identity. The search_text test is implied by
 * the others (search_text holds all three, lower-cased) and lets the trigram index narrow the rows first.
 */
function email(address: string): SQL {
  return sql`(${visitors.searchText} ilike search_fold(${containsPattern(address)}) and (
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
      return arrayContains(visitors.tags, [term.value]);
    case "integrationId":
      return arrayContains(visitors.integrationIds, [term.value]);
    case "email":
      return email(term.value);
    case "text":
      return freeText(term.value);
  }
}

/** Up to this many matches, a word search sorts them all; past it, it walks the visitors newest first. */
const FEW_MATCHES = 1000;

/**
 * The newest visitors matching a search with words. The planner cannot know how many visitors hold a
 * set of words (a typo'd word may stand for dozens), and walking the whole list for a rare name takes
 * seconds: so first the GIN indexes alone (bitmap scans) list up to FEW_MATCHES matches, which are then
 * sorted; only when there are more is the list walked newest first, where matches are then dense.
 */
async function newestWithWords(db: Db, where: SQL | undefined, order: SQL[], limit: number): Promise<VisitorRow[]> {
  return db.transaction(async (tx: Tx) => {
    await tx.execute(sql`select set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true)`);
    const few = await tx.select({ shortId: visitors.shortId }).from(visitors).where(where).limit(FEW_MATCHES);
    await tx.execute(sql`select set_config('enable_indexscan', 'on', true), set_config('enable_seqscan', 'on', true)`);
    if (few.length === 0) return [];
    if (few.length < FEW_MATCHES) {
      const ids = few.map((row) => row.shortId);
      return tx
        .select()
        .from(visitors)
        .where(inArray(visitors.shortId, ids))
        .orderBy(...order)
        .limit(limit);
    }
    await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true)`);
    return tx
      .select()
      .from(visitors)
      .where(where)
      .orderBy(...order)
      .limit(limit);
  });
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
  const words: (WordMatches[] | null)[] = [];
  for (const term of terms) words.push(await wordMatches(db, teamId, term));
  const conditions = [eq(visitors.teamId, teamId), ...terms.filter((_, i) => !words[i]).map(condition)];
  if (options.online !== undefined) conditions.push(options.online ? isOnline : isOffline);
  const typed = words.flatMap((matches) => matches ?? []);
  const exactly = typed.map((word) => holdsAny(word.exact));
  const byWaiting = terms.some((term) => term.kind === "waiting" && term.value);
  const limit = clampMaxResults(options.maxResults);
  const order = [...(byWaiting ? [asc(visitors.waitingSince)] : [desc(visitors.lastSeenAt)]), asc(visitors.shortId)];
  const select = (where: (SQL | undefined)[], count: number) =>
    typed.length > 0
      ? newestWithWords(db, and(...where), order, count)
      : db
          .select()
          .from(visitors)
          .where(and(...where))
          .orderBy(...order)
          .limit(count);
  const exact = await select([...conditions, ...exactly], limit);
  const withTypos =
    exact.length < limit && typed.some((word) => word.typo.length > 0)
      ? await select([...conditions, ...typed.map((word) => holdsAny([...word.exact, ...word.typo])), not(and(...exactly)!)], limit - exact.length)
      : [];
  const found = (typo: boolean) => (row: VisitorRow) => ({ ...row, searchMatch: searchMatch(row, terms, words, typo) });
  return [...exact.map(found(false)), ...withTypos.map(found(true))];
}
