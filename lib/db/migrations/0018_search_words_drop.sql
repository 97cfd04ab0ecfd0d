-- A deleted visitor's words leave the dictionary when no visitor of the team holds them any more (0013).
-- Whether one still does was asked of each word's GIN list, which for words nearly every visitor holds
-- (`com`, `https`) is the whole team: 1.2 s to delete one visitor of 1,000,000. Words held by one of
-- the team's 1,000 newest visitors are kept at once; only the others (a rare name) are asked of the index.
CREATE OR REPLACE FUNCTION search_words_drop() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  team text;
BEGIN
  FOR team IN SELECT DISTINCT team_id FROM gone ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtext('search_words'), hashtext(team));
  END LOOP;
  DELETE FROM search_words AS d
  USING (
    SELECT DISTINCT team_id, unnest(search_words) AS word FROM gone
    EXCEPT
    SELECT teams.team_id, unnest(newest.search_words)
    FROM (SELECT DISTINCT team_id FROM gone) AS teams
    CROSS JOIN LATERAL (
      SELECT v.search_words FROM visitors AS v WHERE v.team_id = teams.team_id ORDER BY v.last_seen_at DESC LIMIT 1000
    ) AS newest
  ) AS g
  WHERE d.team_id = g.team_id AND d.word = g.word
    AND NOT EXISTS (SELECT 1 FROM visitors AS v WHERE v.team_id = g.team_id AND v.search_words @> ARRAY[g.word]);
  RETURN NULL;
END
$$;
