-- Deleting a visitor of a large team (0018) still asked the index, for each word left to check, with a
-- plan made before knowing the word: it ANDed the team's whole range of a B-tree index with the word's
-- GIN list (46 ms a word at 1,000,000 visitors). A few words (one visitor, or a handful) are
-- now asked one at a time with the word in the plan: a rare word by its GIN list alone, a common one by
-- the first row holding it. Many (a purge) are still asked in one statement.
CREATE OR REPLACE FUNCTION search_words_drop() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  team text;
  teams_left text[];
  words_left text[];
  held boolean;
BEGIN
  FOR team IN SELECT DISTINCT team_id FROM gone ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtext('search_words'), hashtext(team));
  END LOOP;
  -- Words one of the team's 1,000 newest visitors holds stay without asking.
  SELECT array_agg(g.team_id), array_agg(g.word) INTO teams_left, words_left
  FROM (
    SELECT DISTINCT team_id, unnest(search_words) AS word FROM gone
    EXCEPT
    SELECT teams.team_id, unnest(newest.search_words)
    FROM (SELECT DISTINCT team_id FROM gone) AS teams
    CROSS JOIN LATERAL (
      SELECT v.search_words FROM visitors AS v WHERE v.team_id = teams.team_id ORDER BY v.last_seen_at DESC LIMIT 1000
    ) AS newest
  ) AS g;
  IF words_left IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(words_left) <= 64 THEN
    FOR i IN 1 .. cardinality(words_left) LOOP
      -- EXECUTE plans with the values.
      EXECUTE 'SELECT EXISTS (SELECT 1 FROM visitors WHERE team_id = $1 AND search_words @> ARRAY[$2])' INTO held USING teams_left[i], words_left[i];
      IF NOT held THEN
        DELETE FROM search_words WHERE team_id = teams_left[i] AND word = words_left[i];
      END IF;
    END LOOP;
  ELSE
    DELETE FROM search_words AS d
    USING unnest(teams_left, words_left) AS g(team_id, word)
    WHERE d.team_id = g.team_id AND d.word = g.word
      AND NOT EXISTS (SELECT 1 FROM visitors AS v WHERE v.team_id = g.team_id AND v.search_words @> ARRAY[g.word]);
  END IF;
  RETURN NULL;
END
$$;
