import { arrayContains, sql, type SQL } from "drizzle-orm";
import { visitors } from "../../core/schema";
import type { Frequencies } from "./search-statistics";
import { inDictionary } from "./word-matches";

/** A condition met by holding any one of some keys: a typed word's spellings, or a tag. */
export interface Keyed {
  /** By the GIN index of the plain column (`indexed`), or checked on rows found otherwise. */
  holds(indexed: boolean): SQL;
  /** The keys a visitor last seen in `hour` holds one of: null when some have none (numbers, long words). */
  hourKeys: ((hour: number) => string[]) | null;
  /** The share of visitors expected to hold one. */
  frequency: number;
}

export function wordsKeyed(words: string[], frequencies: Frequencies): Keyed {
  return {
    holds: (indexed) => holdsAny(words, indexed),
    hourKeys: words.every(inDictionary) ? (hour) => words.map((word) => `${hour}:${word}`) : null,
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
  return { holds: (indexed) => (indexed ? holds : sql`(${holds}) is true`), hourKeys: (hour) => [`${hour}#${tag}`], frequency: frequencies.tag(tag) };
}

/**
 * Visitors holding one of the words, by the GIN index on search_words; or, `indexed` false, checked on
 * rows that other conditions found.
 */
function holdsAny(words: string[], indexed: boolean): SQL {
  // For the index, unseen by the planner, as hour keys are (see holdsAnyHourKey).
  return indexed ? sql`${visitors.searchWords} && (select ${sql.param(words)}::text[])` : sql`(${visitors.searchWords} && ${sql.param(words)}::text[]) is true`;
}

/**
 * Visitors holding one of these hour keys (migration 0017), by their GIN index. The keys are a
 * subquery's, unseen by the planner: its estimate for hundreds of rare keys (each at its floor for words
 * left out of the statistics) would have it read the whole table rather than the index.
 */
export function holdsAnyHourKey(keys: string[]): SQL {
  return sql`${visitors.searchHourKeys} && (select ${sql.param(keys)}::text[])`;
}
