import { fillPlaceholders, sql } from "drizzle-orm";
import { driverRows, preparedFor, type Db } from "@/lib/db";
import { allowedEdits, editDistance } from "./typo-rules";

/** search_word_in_dictionary of migration 0013: which words the team's dictionary (and the hour keys) hold. */
export const inDictionary = (word: string) => !/[0-9]/.test(word) && [...word].length >= 2 && [...word].length <= 24;

/** What one typed word (folded as the visitors' words are) finds among the team's words. */
export interface WordMatches {
  word: string;
  /**
   * The word itself, or when the team's dictionary has no such word, the words it begins (an unfinished
   * word): none when it begins none either, as no visitor holds it.
   */
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
 * The words of each term, folded and split exactly as the visitors' search_words are (by the database's
 * own functions), so `José` is `jose` and `cooper42` is `cooper` and `42`; with each word, its candidates
 * in the team's dictionary: itself, the words it begins (in order, the first COMPLETIONS), and with
 * `typos` the words sharing one of its deletion variants (no LIMIT on these: with one, the planner reads
 * the whole dictionary instead of its GIN index). The prefix is a range, as LIKE's index use needs a
 * constant. A prepared statement (one per connection and kind): its planning cost more than its run.
 */
function typedWordsWithCandidates(db: Db, typos: boolean) {
  const teamId = sql.placeholder("teamId");
  const matched = sql`(
    with typed as (
      select t.i, w.o, w.word
      from unnest(${sql.placeholder("texts")}::text[]) with ordinality as t(text, i),
        lateral unnest(search_words_of(search_fold(t.text))) with ordinality as w(word, o)
    )
    select typed.i, typed.o, typed.word, c.candidate, c.how
    from typed left join lateral (
      (select d.word as candidate, 'word' as how from search_words as d where d.team_id = ${teamId} and d.word = typed.word)
      union all
      (select d.word, 'completion' from search_words as d
        where d.team_id = ${teamId} and length(typed.word) >= 2
          and d.word ~>=~ typed.word and d.word ~<~ (typed.word || chr(1114111)) and d.word <> typed.word
        order by d.word limit ${sql.raw(String(COMPLETIONS))})
      ${
        typos
          ? sql`union all
      (select d.word, 'variant' from search_words as d
        where d.team_id = ${teamId} and search_word_in_dictionary(typed.word) and length(typed.word) >= 4
          and d.keys && search_word_keys(typed.word))`
          : sql``
      }
    ) as c on true
  ) as matched`;
  return db
    .select({ i: sql`matched.i`, word: sql`matched.word`, candidate: sql`matched.candidate`, how: sql`matched.how` })
    .from(matched)
    .orderBy(sql`matched.i`, sql`matched.o`)
    .toSQL();
}

const withTypos = preparedFor((db) => typedWordsWithCandidates(db, true));
const withoutTypos = preparedFor((db) => typedWordsWithCandidates(db, false));

/**
 * Exact, as the beginning of longer words, and typo'd matches of one folded word, from its candidates:
 * typos are confirmed by the edit distance (variants shared by chance, hash collisions or words further
 * apart, are dropped here).
 */
function wordMatches(word: string, rows: Candidate[]): WordMatches {
  const known = rows.some((row) => row.how === "word");
  // A word the dictionary cannot hold (a number, a long token) is looked for as it is.
  const exact = known || !inDictionary(word) ? [word] : [];
  if (!known) exact.push(...rows.filter((row) => row.how === "completion").map((row) => row.word));
  const edits = allowedEdits(word);
  const typo = [...new Set(rows.filter((row) => row.how === "variant" && !exact.includes(row.word)).map((row) => row.word))]
    .map((candidate) => ({ candidate, distance: editDistance(word, candidate, edits) }))
    .filter(({ distance }) => distance <= edits)
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1))
    .slice(0, TYPO_SPELLINGS)
    .map(({ candidate }) => candidate);
  return { word, exact, typo };
}

type Candidate = { word: string; how: "word" | "completion" | "variant" };

/**
 * Matches the words of each plain free-text term against the team's dictionary, in one statement
 * whatever the number of words (a search waits for each round trip). A term that folds to no word gets
 * an empty list. Typo'd spellings only with `typos`: most searches for a common word never need them,
 * and the deletion variants of a long word share keys with hundreds of others.
 */
export async function matchWords(db: Db, teamId: string, texts: string[], typos: boolean): Promise<WordMatches[][]> {
  if (texts.length === 0) return [];
  const query = (typos ? withTypos : withoutTypos)(db);
  const params = fillPlaceholders(query.params, { teamId, texts });
  // A row per candidate (and one for a word without any): [term (from 1), word, candidate, how].
  const rows = (await driverRows(db, { sql: query.sql, params }, typos ? "search_words_with_typos" : "search_words")) as [
    string,
    string,
    string | null,
    Candidate["how"] | null,
  ][];
  const terms = texts.map(() => new Map<string, Candidate[]>());
  for (const [i, word, candidate, how] of rows) {
    const words = terms[Number(i) - 1];
    const candidates = words.get(word) ?? [];
    words.set(word, candidates);
    if (candidate !== null && how !== null) candidates.push({ word: candidate, how });
  }
  return terms.map((words) => [...words].map(([word, candidates]) => wordMatches(word, candidates)));
}
