import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { allowedEdits, editDistance } from "./typo-rules";

/** What one typed word (folded as the visitors' words are) finds among the team's words. */
export interface WordMatches {
  word: string;
  /** The word itself, or when the team has no such word, also the words it begins (an unfinished word). */
  exact: string[];
  /**
   * Dictionary words within the edits the word's length allows, fewest edits first, at most
   * TYPO_SPELLINGS of them; their visitors rank after exact ones.
   */
  typo: string[];
}

/**
 * Each typo'd spelling is one more index lookup: a long word in a crowded dictionary can be two edits
 * from hundreds of words, and the closest ones are what the agent most likely meant.
 */
export const TYPO_SPELLINGS = 24;

/** A short unfinished word begins too many words to list: the first ones in order stand for it. */
const COMPLETIONS = 100;
/**
 * The words of a plain free-text term: folded and split exactly as the visitors' search_words are (by
 * the database's own functions), so `José` is `jose` and `cooper42` is `cooper` and `42`.
 */
export async function typedWords(db: Db, text: string): Promise<string[]> {
  const result = await db.execute<{ words: string[] }>(sql`select search_words_of(search_fold(${text}::text)) as words`);
  return result.rows[0]?.words ?? [];
}

/**
 * Matches one folded word against the team's dictionary: exact, as the beginning of longer words, and
 * through the shared deletion variants for typos, confirmed by the edit distance (variants shared by
 * chance, hash collisions or words further apart, are dropped here). No LIMIT on the variants: with one,
 * the planner reads the whole dictionary instead of its GIN index.
 */
export async function matchWord(db: Db, teamId: string, word: string): Promise<WordMatches> {
  const result = await db.execute<{ word: string; how: "word" | "completion" | "variant" }>(sql`
    (select word, 'word' as how from search_words where team_id = ${teamId} and word = ${word})
    union all
    (select word, 'completion' from search_words
      where team_id = ${teamId} and length(${word}::text) >= 2 and word like ${likePrefix(word)} and word <> ${word}
      order by word limit ${COMPLETIONS})
    union all
    (select word, 'variant' from search_words
      where team_id = ${teamId} and search_word_in_dictionary(${word}::text) and length(${word}::text) >= 4 and keys && search_word_keys(${word}::text))`);
  const known = result.rows.some((row) => row.how === "word");
  const exact = [word, ...(known ? [] : result.rows.filter((row) => row.how === "completion").map((row) => row.word))];
  const edits = allowedEdits(word);
  const typo = [...new Set(result.rows.filter((row) => row.how === "variant" && !exact.includes(row.word)).map((row) => row.word))]
    .map((candidate) => ({ candidate, distance: editDistance(word, candidate, edits) }))
    .filter(({ distance }) => distance <= edits)
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1))
    .slice(0, TYPO_SPELLINGS)
    .map(({ candidate }) => candidate);
  return { word, exact, typo };
}

/** `word%` for LIKE, the word's own wildcards taken literally. */
function likePrefix(word: string): string {
  return `${word.replace(/[\\%_]/g, "\\$&")}%`;
}
