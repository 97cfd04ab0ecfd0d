-- Words split at Unicode's spaces, named one by one: `\s` asked the C library, whose spaces differ between
-- platforms (PGlite and PostgreSQL on Debian disagreed on U+0085 and U+1680, and neither split at a
-- no-break space, which page titles are full of). TypeScript splits at the same characters
-- (lib/service/visitors/search/fold.ts); fold.db.test.ts holds them together. The splitting is written
-- once here, for search_words_of (what is searched for) and search_words_held (0021: a visitor's words).
CREATE FUNCTION search_words_split(t text) RETURNS TABLE (w text, n bigint) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w, n
  FROM regexp_split_to_table(regexp_replace(t, '([0-9]+)', ' \1 ', 'g'), '[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000!-/:-@\[-`{-~]+') WITH ORDINALITY AS s(w, n)
  WHERE w <> ''
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_of(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM search_words_split(t)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_held(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(w ORDER BY first), '{}')
  FROM (SELECT w, min(n) AS first FROM search_words_split(t) GROUP BY w ORDER BY first LIMIT 96) AS held
$$;--> statement-breakpoint
-- The visitors whose text holds one of the spaces that split words now, or split them before on one
-- platform only, get their words again (the trigger of 0013 recomputes them, and adds new ones to the
-- team's dictionary; the trigger of 0021 releases the words they no longer hold). Finding them reads every
-- visitor's text once: about a second per million visitors on PostgreSQL 15.
UPDATE "visitors" SET "search_text" = "search_text" WHERE "search_text" ~ '[\u0085\u00a0\u1680\u2007\u202f]';
