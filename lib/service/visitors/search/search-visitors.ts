import { and, arrayContains, asc, desc, eq, gte, lt, not, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { visitors } from "../../core/schema";
import { searchMatch, type SearchMatch } from "./matched-fields";
import { parseSearch, type SearchTerm } from "./parse-search";
import { matchWords, type WordMatches } from "./word-matches";

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

/**
 * Visitors holding one of the words, by the GIN index on search_words; or, `indexed` false, checked on
 * rows that other conditions found.
 */
function holdsAny(words: string[], indexed: boolean): SQL {
  const holds = sql`${visitors.searchWords} && array[${sql.join(
    words.map((word) => sql`${word}::text`),
    sql`, `,
  )}]`;
  return indexed ? holds : sql`(${holds}) is true`;
}

/** Each plain word term's matches in the team's dictionary; null for any other term, or a word that folds to nothing. */
async function termWordMatches(db: Db, teamId: string, terms: SearchTerm[]): Promise<(WordMatches[] | null)[]> {
  const plain = terms.map((term) => (term.kind === "text" && PLAIN_WORD.test(term.value) ? term.value : null));
  const matches = await matchWords(
    db,
    teamId,
    plain.filter((text): text is string => text !== null),
  );
  let next = 0;
  return plain.map((text) => {
    if (text === null) return null;
    const words = matches[next++];
    return words.length > 0 ? words : null;
  });
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

/** A word search sorts up to this many matches (more when the statistics expect more), then walks the list. */
const FEW_MATCHES = 1000;
const MANY_MATCHES = 10_000;

/** Which scans the planner may use for the rest of the transaction. */
async function allowScans(tx: Tx, scans: { index: boolean; sequential: boolean; bitmap: boolean }): Promise<void> {
  const on = (allowed: boolean) => (allowed ? "on" : "off");
  await tx.execute(
    sql`select set_config('enable_indexscan', ${on(scans.index)}, true), set_config('enable_seqscan', ${on(scans.sequential)}, true), set_config('enable_bitmapscan', ${on(scans.bitmap)}, true)`,
  );
}

type Plan = { "Plan Rows": number; Plans?: Plan[] };

/**
 * How many of the team's visitors there are and how many the planner expects to match, from its
 * statistics (migration 0016 has them list the frequencies of the 2,000 or so commonest words).
 */
async function expectedMatches(tx: Tx, teamId: string, where: SQL | undefined): Promise<{ team: number; matching: number }> {
  const result = await tx.execute<{ "QUERY PLAN": string | [{ Plan: Plan }] }>(
    sql`explain (format json) select 1 from ${visitors} where ${visitors.teamId} = ${teamId} union all select 1 from ${visitors} where ${where}`,
  );
  const json = result.rows[0]["QUERY PLAN"];
  const [team, matching] = (typeof json === "string" ? (JSON.parse(json) as [{ Plan: Plan }]) : json)[0].Plan.Plans!;
  return { team: team["Plan Rows"], matching: matching["Plan Rows"] };
}

/**
 * The newest visitors matching a search with words (with `waiting`, those waiting longest). Walking the
 * list newest first costs a row per visitor passed, listing the matches by their indexes (bitmap scans)
 * a row per match: so the planner's expectation picks the cheaper, but each way is bounded, in case it
 * is wrong (a typo'd word may stand for dozens, and walking the whole list for a rare name takes
 * seconds). Common words are first looked for among the newest visitors only, three times as many as
 * they should need. Otherwise the indexes list up to twice the expected matches (at least FEW_MATCHES,
 * at most MANY_MATCHES) with their sort key, of which only the first `limit` are read whole, in the same
 * statement. When they list that many (or, after a short walk, FEW_MATCHES older ones), the walk goes on.
 */
async function newestWithWords(tx: Tx, teamId: string, where: SQL | undefined, byWaiting: boolean, limit: number): Promise<VisitorRow[]> {
  const key = byWaiting ? visitors.waitingSince : visitors.lastSeenAt;
  const inOrder = (column: AnyColumn) => (byWaiting ? asc(column) : desc(column));
  const walk = (count: number, bound?: SQL) => tx.select().from(visitors).where(and(where, bound)).orderBy(inOrder(key), asc(visitors.shortId)).limit(count);
  let recent: VisitorRow[] = [];
  let older: SQL | undefined;
  let few = FEW_MATCHES;
  // The help queue is short, and sorted by its own index: no walk.
  if (!byWaiting) {
    const expected = await expectedMatches(tx, teamId, where);
    const newest = Math.ceil((3 * limit * expected.team) / Math.max(expected.matching, 1));
    if (newest < expected.matching) {
      await allowScans(tx, { index: true, sequential: true, bitmap: false });
      const [edge] = await tx
        .select({ seen: visitors.lastSeenAt })
        .from(visitors)
        .where(eq(visitors.teamId, teamId))
        .orderBy(desc(visitors.lastSeenAt), asc(visitors.shortId))
        .offset(newest - 1)
        .limit(1);
      // A team with fewer visitors than that is walked whole.
      if (!edge) return walk(limit);
      recent = await walk(limit, gte(visitors.lastSeenAt, edge.seen));
      if (recent.length === limit) return recent;
      older = lt(visitors.lastSeenAt, edge.seen);
    } else {
      few = Math.min(Math.max(2 * Math.ceil(expected.matching), FEW_MATCHES), MANY_MATCHES);
    }
  }
  const rest = limit - recent.length;
  await allowScans(tx, { index: false, sequential: false, bitmap: true });
  const probe = tx.select({ shortId: visitors.shortId, key }).from(visitors).where(and(where, older)).limit(few).as("probe");
  const first = tx
    .select({ shortId: probe.shortId, key: probe.key, matches: sql<number>`count(*) over ()`.as("matches") })
    .from(probe)
    .orderBy(inOrder(probe.key), asc(probe.shortId))
    .limit(rest)
    .as("first");
  const rows = await tx
    .select({ visitor: visitors, matches: first.matches })
    .from(first)
    .innerJoin(visitors, eq(visitors.shortId, first.shortId))
    .orderBy(inOrder(first.key), asc(first.shortId));
  if (rows.length === 0 || Number(rows[0].matches) < few) return [...recent, ...rows.map((row) => row.visitor)];
  await allowScans(tx, { index: true, sequential: true, bitmap: false });
  return [...recent, ...(await walk(rest, older))];
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
  const words = await termWordMatches(db, teamId, terms);
  const conditions = [eq(visitors.teamId, teamId), ...terms.filter((_, i) => !words[i]).map(condition)];
  if (options.online !== undefined) conditions.push(options.online ? isOnline : isOffline);
  const typed = words.flatMap((matches) => matches ?? []);
  // Online visitors are few among those kept (30 days of visits): the online index finds them, and their
  // words are checked on their rows, rather than intersected with the words' own lists, which for a
  // common name's typo'd spellings hold a fifth of all visitors.
  const online = options.online === true || terms.some((term) => term.kind === "online" && term.value);
  const holds = (words: string[]) => holdsAny(words, !online);
  const exactly = typed.map((word) => holds(word.exact));
  const byWaiting = terms.some((term) => term.kind === "waiting" && term.value);
  const limit = clampMaxResults(options.maxResults);
  const found = (typo: boolean) => (row: VisitorRow) => ({ ...row, searchMatch: searchMatch(row, terms, words, typo) });
  if (typed.length === 0) {
    const rows = await db
      .select()
      .from(visitors)
      .where(and(...conditions))
      .orderBy(byWaiting ? asc(visitors.waitingSince) : desc(visitors.lastSeenAt), asc(visitors.shortId))
      .limit(limit);
    return rows.map(found(false));
  }
  // Both passes in one transaction, which the planner settings of newestWithWords are local to.
  return db.transaction(async (tx: Tx) => {
    const exact = await newestWithWords(tx, teamId, and(...conditions, ...exactly), byWaiting, limit);
    const withTypos =
      exact.length < limit && typed.some((word) => word.typo.length > 0)
        ? await newestWithWords(
            tx,
            teamId,
            and(...conditions, ...typed.map((word) => holds([...word.exact, ...word.typo])), not(and(...exactly)!)),
            byWaiting,
            limit - exact.length,
          )
        : [];
    return [...exact.map(found(false)), ...withTypos.map(found(true))];
  });
}
