import { arrayContains, sql, type SQL } from "drizzle-orm";
import { visitors } from "../../core/schema";
import type { Frequencies } from "./search-statistics";
import { inDictionary } from "./word-matches";

/** A condition met by holding any one of some keys: a typed word's spellings, or a tag. */
export interface Keyed {
  /** By the GIN index of the plain column (`indexed`), or checked on rows found otherwise. */
  holds(indexed: boolean): SQL;
  /**
   * What follows the hour in the hour keys a visitor holds one of (`:word`, `##vip`, after `493412`): null
   * when some have none (numbers, long words).
   */
  hourSuffixes: string[] | null;
  /** The share of visitors expected to hold one. */
  frequency: number;
}

export function wordsKeyed(words: string[], frequencies: Frequencies): Keyed {
  return {
    holds: (indexed) => holdsAny(words, indexed),
    hourSuffixes: words.every(inDictionary) ? words.map((word) => `:${word}`) : null,
    frequency: Math.min(
      1,
      words.reduce((sum, word) => sum + frequencies.word(word), 0),
    ),
  };
}

/** Visitors with the tag, by the GIN index on tags. */
export const holdsTag = (tag: string) => arrayContains(visitors.tags, [tag]);

export function tagKeyed(tag: string, frequencies: Frequencies): Keyed {
  const holds = holdsTag(tag);
  return { holds: (indexed) => (indexed ? holds : sql`(${holds}) is true`), hourSuffixes: [`#${tag}`], frequency: frequencies.tag(tag) };
}

/**
 * Visitors holding one of the words, by the GIN index on search_words; or, `indexed` false, checked on
 * rows that other conditions found.
 */
function holdsAny(words: string[], indexed: boolean): SQL {
  // For the index, unseen by the planner, as hour keys are (see holdsAnyHourKeyIn).
  return indexed ? sql`${visitors.searchWords} && (select ${sql.param(words)}::text[])` : sql`(${visitors.searchWords} && ${sql.param(words)}::text[]) is true`;
}

/**
 * Visitors holding one of the hour keys of `suffixes` for the hours `oldest` to `newest` (migration 0017),
 * by their GIN index. The keys are a subquery's, unseen by the planner: its estimate for hundreds of rare
 * keys (each at its floor for words left out of the statistics) would have it read the whole table
 * rather than the index.
 */
export function holdsAnyHourKeyIn(suffixes: string[], oldest: SQL, newest: SQL): SQL {
  return sql`${visitors.searchHourKeys} && (select array_agg(key_hour::text || key_suffix) from generate_series(${oldest}, ${newest}) as key_hour, unnest(${sql.param(suffixes)}::text[]) as key_suffix)`;
}
