import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";

/**
 * How common words and tags are among visitors, from the planner's statistics (ANALYZE: autovacuum on
 * PostgreSQL, hourly on PGlite): the share of visitors holding each of the commonest, and a bound for
 * every other. A search reads them from memory to choose how to look; they never change what it finds.
 */
export interface Frequencies {
  word(word: string): number;
  tag(tag: string): number;
}

/** Before the first ANALYZE: every word and tag counts as held by one visitor in a hundred. */
const UNKNOWN = 0.01;

type Elements = { values: Map<string, number>; floor: number };

function elements(values: string[] | null, freqs: number[] | null): Elements | null {
  if (!values || !freqs || values.length === 0) return null;
  // After one frequency per value, PostgreSQL appends the lowest and highest of them and the share of nulls.
  const lowest = freqs[values.length];
  return { values: new Map(values.map((value, i) => [value, freqs[i]])), floor: lowest / 2 };
}

const frequencyOf = (list: Elements | null, value: string) => (list ? (list.values.get(value) ?? list.floor) : UNKNOWN);

async function readFrequencies(db: Db): Promise<Frequencies> {
  const { rows } = await db.execute<{ attname: string; elems: string[] | null; freqs: number[] | null }>(sql`
    select attname, most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
    from pg_stats
    where schemaname = current_schema() and tablename = 'visitors' and attname in ('search_words', 'tags')`);
  const of = (column: string) => {
    const row = rows.find((candidate) => candidate.attname === column);
    return row ? elements(row.elems, row.freqs?.map(Number) ?? null) : null;
  };
  const words = of("search_words");
  const tags = of("tags");
  return { word: (word) => frequencyOf(words, word), tag: (tag) => frequencyOf(tags, tag) };
}

// Statistics change slowly: read every few minutes, and meanwhile the last ones are used.
const TTL_MS = 5 * 60_000;

type Timed<V> = { value: Promise<V>; until: number };
/** Per database (tests open several in one process), what was read and until when it holds. */
const read = new WeakMap<Db, Map<string, Timed<unknown>>>();

function remembered<V>(db: Db, key: string, load: () => Promise<V>): Promise<V> {
  const entries = read.get(db) ?? new Map<string, Timed<unknown>>();
  read.set(db, entries);
  const hit = entries.get(key) as Timed<V> | undefined;
  if (hit && hit.until > Date.now()) return hit.value;
  const value = load();
  entries.set(key, { value, until: Date.now() + TTL_MS });
  value.catch(() => entries.delete(key));
  return value;
}

export function searchFrequencies(db: Db): Promise<Frequencies> {
  return remembered(db, "frequencies", () => readFrequencies(db));
}

/** A team's recent traffic: how many visitors are seen in an hour, and the hour its newest was seen. */
export interface Traffic {
  /** Over the last hour, or the last day's average when more (at least one). */
  visitorsPerHour: number;
  /** The hour (as search_hour counts them) of the newest visitor; the current hour when none is seen in a day. */
  newestHour: number;
}

/**
 * A team's traffic over the last day, read every few minutes. A site's traffic changes through the day,
 * and the newest hours are the ones a search looks at first; the hours after the newest visitor (as of
 * when it was read) hold at most those seen since.
 */
export function recentTraffic(db: Db, teamId: string): Promise<Traffic> {
  return remembered(db, `traffic:${teamId}`, async () => {
    const { rows } = await db.execute<{ hour: number | string; day: number | string; newest: number | string | null; now: number | string }>(
      sql`select count(*) filter (where last_seen_at > now() - interval '1 hour') as hour, count(*) as day,
            search_hour(max(last_seen_at)) as newest, search_hour(now()) as now
          from visitors where team_id = ${teamId} and last_seen_at > now() - interval '24 hours'`,
    );
    const [row] = rows;
    return { visitorsPerHour: Math.max(1, Number(row.hour), Number(row.day) / 24), newestHour: Number(row.newest ?? row.now) };
  });
}
