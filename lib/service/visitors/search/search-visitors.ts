import { and, arrayContains, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { visitors } from "../../core/schema";
import { parseSearch, type SearchTerm } from "./parse-search";

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

const isOnline = sql`${visitors.onlineUntil} > now()`;
const isOffline = sql`${visitors.onlineUntil} <= now()`;
// The bare column (no `= $1`), which the partial index visitors_team_waiting_idx is declared with.
const isWaiting = sql`${visitors.isWaitingForCall}`;
const isNotWaiting = sql`not ${visitors.isWaitingForCall}`;

/** `%text%` for LIKE, with LIKE's own wildcards (and its default escape `\`) taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

// Single plain words only. Trigrams ignore punctuation, so `example.org` would be "similar" to every
// `example.com`; and a quoted phrase of several words is meant as written.
const FUZZY = /^[\p{L}\p{M}\p{N}]+$/u;
/** pg_trgm's default (0.6) misses one-letter typos: `jonson` scores 0.5 against `johnson`, `kathrine` 0.58. */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

const isFuzzy = (term: SearchTerm) => term.kind === "text" && FUZZY.test(term.value);

/**
 * Free text: a substring match (parts of urls, emails, ids, phrases), or for a plain word also a
 * word-similarity match (typos: `jonson` finds `johnson`). The trigram GIN index on search_text serves both.
 */
function freeText(text: string): SQL {
  const contains = sql`${visitors.searchText} ilike ${containsPattern(text)}`;
  return FUZZY.test(text) ? sql`(${contains} or ${text}::text <% ${visitors.searchText})` : contains;
}

/**
 * Case-insensitive on the email, the unique id and every identity. The search_text test is implied by
 * the others (search_text holds all three, lower-cased) and lets the trigram index narrow the rows first.
 */
function email(address: string): SQL {
  return sql`(${visitors.searchText} ilike ${containsPattern(address)} and (
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

export function clampMaxResults(maxResults: number | undefined): number {
  if (maxResults === undefined || !Number.isFinite(maxResults)) return DEFAULT_MAX_RESULTS;
  return Math.min(Math.max(Math.trunc(maxResults), 1), MAX_RESULTS_CAP);
}

/**
 * The team's visitors matching every term of the search (and the online filter), newest first; with
 * `waiting`, in the order they asked for help (oldest first), so that the help queue reads the visitors
 * waiting longest whatever else happens on the site.
 */
export async function searchVisitors(db: Db, teamId: string, options: SearchVisitorsOptions = {}): Promise<VisitorRow[]> {
  const terms = parseSearch(options.search ?? "").terms;
  const conditions = [eq(visitors.teamId, teamId), ...terms.map(condition)];
  if (options.online !== undefined) conditions.push(options.online ? isOnline : isOffline);
  const byWaiting = terms.some((term) => term.kind === "waiting" && term.value);
  const select = (q: Db | Tx) =>
    q
      .select()
      .from(visitors)
      .where(and(...conditions))
      .orderBy(...(byWaiting ? [asc(visitors.waitingSince)] : [desc(visitors.lastSeenAt)]), asc(visitors.shortId))
      .limit(clampMaxResults(options.maxResults));
  if (!terms.some(isFuzzy)) return select(db);
  // `<%` (and its index scan) reads the threshold from this setting: set it for this transaction only.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`);
    return select(tx);
  });
}
