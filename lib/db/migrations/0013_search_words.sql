-- Word search: every visitor's distinct folded words (exact lookups through a GIN index), and each team's
-- dictionary of those words with the hashes of their deletion variants, against which a typo'd word is
-- matched (one edit for words of 4 letters or more, two for 8 or more). Triggers keep both exact in the
-- visitor's own transaction.

-- Lower case without accents: José → jose. NFD first, so that an upper-case accented letter folds too.
CREATE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(replace(replace(replace(lower(regexp_replace(normalize(t, NFD), '[\u0300-\u036f]', '', 'g')), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'øłđħı', 'oldhi')
$$;--> statement-breakpoint
-- The distinct words of a folded text: split at ASCII spaces and punctuation, and around digit runs (so
-- `cooper42@example.org` holds cooper, 42, example and org).
CREATE FUNCTION search_words_of(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}')
  FROM regexp_split_to_table(regexp_replace(t, '([0-9]+)', ' \1 ', 'g'), '[\s!-/:-@\[-`{-~]+') AS w
  WHERE w <> ''
$$;--> statement-breakpoint
-- Which words the dictionary holds: typo tolerance and completion are for words, not numbers or long tokens.
CREATE FUNCTION search_word_in_dictionary(w text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w !~ '[0-9]' AND length(w) BETWEEN 2 AND 24
$$;--> statement-breakpoint
-- Hashes of the word and of its deletion variants: one letter removed (4+ letters), two (8+). Two words
-- within the edits their length allows share a variant (the typed word's variants are made the same
-- way), so a typo'd word finds its candidates by exact lookups; the caller then checks the distance.
CREATE FUNCTION search_word_keys(w text) RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(DISTINCT hashtext(k)) FROM (
    SELECT w AS k
    UNION ALL
    SELECT overlay(w PLACING '' FROM i FOR 1) FROM generate_series(1, length(w)) AS i WHERE length(w) >= 4
    UNION ALL
    SELECT overlay(overlay(w PLACING '' FROM j FOR 1) PLACING '' FROM i FOR 1)
    FROM generate_series(1, length(w)) AS i, generate_series(i + 1, length(w)) AS j WHERE length(w) >= 8
  ) AS variants
$$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"team_id" text NOT NULL,
	"word" text NOT NULL,
	"keys" integer[] NOT NULL,
	CONSTRAINT "search_words_team_id_word_pk" PRIMARY KEY("team_id","word")
);--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "search_words" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "visitors" SET "search_text" = search_fold("search_text");--> statement-breakpoint
UPDATE "visitors" SET "search_words" = search_words_of("search_text");--> statement-breakpoint
INSERT INTO "search_words" ("team_id", "word", "keys")
SELECT team_id, word, search_word_keys(word)
FROM (SELECT DISTINCT team_id, unnest(search_words) AS word FROM visitors) AS held
WHERE search_word_in_dictionary(word);--> statement-breakpoint
CREATE INDEX "search_words_keys_idx" ON "search_words" USING gin ("keys");--> statement-breakpoint
CREATE INDEX "search_words_team_prefix_idx" ON "search_words" USING btree ("team_id","word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "visitors_search_words_idx" ON "visitors" USING gin ("search_words");--> statement-breakpoint
-- Whoever writes search_text gets search_words with it, folded the same way as the typed words.
CREATE FUNCTION visitors_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := search_fold(NEW.search_text);
  NEW.search_words := search_words_of(NEW.search_text);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visitors_search_words" BEFORE INSERT OR UPDATE OF "search_text" ON "visitors"
FOR EACH ROW EXECUTE FUNCTION visitors_search_words();--> statement-breakpoint
-- A visitor's new words join the dictionary in its transaction. The shared lock (writers never wait for
-- each other) makes a concurrent deletion's clean-up wait for this transaction, so it never drops a
-- word that this visitor is adding a holder of.
CREATE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('search_words'), hashtext(NEW.team_id));
  INSERT INTO search_words (team_id, word, keys)
  SELECT NEW.team_id, w, search_word_keys(w)
  FROM unnest(NEW.search_words) AS w
  WHERE search_word_in_dictionary(w)
    AND (TG_OP = 'INSERT' OR NOT w = ANY (OLD.search_words))
    AND NOT EXISTS (SELECT 1 FROM search_words AS d WHERE d.team_id = NEW.team_id AND d.word = w)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visitors_search_words_insert" AFTER INSERT ON "visitors"
FOR EACH ROW EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER "visitors_search_words_update" AFTER UPDATE OF "search_text" ON "visitors"
FOR EACH ROW WHEN (NOT OLD.search_words @> NEW.search_words) EXECUTE FUNCTION search_words_add();--> statement-breakpoint
-- Deleted visitors' words that no visitor of the team holds any more leave the dictionary in the same
-- transaction. The exclusive lock waits for writers still adding words, so their visitors are seen.
CREATE FUNCTION search_words_drop() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  team text;
BEGIN
  FOR team IN SELECT DISTINCT team_id FROM gone ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtext('search_words'), hashtext(team));
  END LOOP;
  DELETE FROM search_words AS d
  USING (SELECT DISTINCT team_id, unnest(search_words) AS word FROM gone) AS g
  WHERE d.team_id = g.team_id AND d.word = g.word
    AND NOT EXISTS (SELECT 1 FROM visitors AS v WHERE v.team_id = g.team_id AND v.search_words @> ARRAY[g.word]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visitors_search_words_delete" AFTER DELETE ON "visitors"
REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION search_words_drop();
