-- A visitor's words are its own: the dictionary held every word a visitor ever had (0013 adds on update,
-- drops only on delete), so a page calling identify again and again with made-up words grew it without
-- bound. Now a visitor holds at most 96 words, the first of its search text (name, email, identities and
-- unique id before the page's address and title; the rest is still found as a substring), and the words
-- a write takes away from a visitor leave the dictionary when no other visitor of the team holds them.

-- The first 96 distinct words of a folded text, in the order they come (search_words_of's rules).
CREATE FUNCTION search_words_held(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(w ORDER BY first), '{}') FROM (
    SELECT w, min(n) AS first
    FROM regexp_split_to_table(regexp_replace(t, '([0-9]+)', ' \1 ', 'g'), '[\s!-/:-@\[-`{-~]+') WITH ORDINALITY AS s(w, n)
    WHERE w <> ''
    GROUP BY w
    ORDER BY first
    LIMIT 96
  ) AS held
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION visitors_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := search_fold(NEW.search_text);
  NEW.search_words := search_words_held(NEW.search_text);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The words an update took from a visitor. One another visitor holds stays, asked without a lock (the
-- common case: a page's address changed, its words are everyone's). One nobody else seems to hold is
-- asked again under the team's exclusive lock, which waits for writers still adding words (0013), and
-- leaves the dictionary. This trigger fires before visitors_search_words_update (name order), so a
-- write that also adds words takes the exclusive lock before the shared one, never the other way round.
CREATE FUNCTION search_words_release() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w text;
  held boolean;
  unheld text[] := '{}';
BEGIN
  FOR w IN SELECT unnest(OLD.search_words) EXCEPT SELECT unnest(NEW.search_words) LOOP
    CONTINUE WHEN NOT search_word_in_dictionary(w);
    -- EXECUTE plans with the word: a rare one by its GIN list, a common one by the first row holding it (0020).
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM visitors WHERE team_id = $1 AND search_words @> ARRAY[$2])' INTO held USING NEW.team_id, w;
    IF NOT held THEN
      unheld := unheld || w;
    END IF;
  END LOOP;
  IF cardinality(unheld) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('search_words'), hashtext(NEW.team_id));
  FOREACH w IN ARRAY unheld LOOP
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM visitors WHERE team_id = $1 AND search_words @> ARRAY[$2])' INTO held USING NEW.team_id, w;
    IF NOT held THEN
      DELETE FROM search_words WHERE team_id = NEW.team_id AND word = w;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visitors_search_words_release" AFTER UPDATE OF "search_text" ON "visitors"
FOR EACH ROW WHEN (NOT NEW.search_words @> OLD.search_words) EXECUTE FUNCTION search_words_release();
