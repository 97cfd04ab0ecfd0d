-- Word search by the hour: each visitor's dictionary words and tags are also listed under the hour it was
-- last seen (`493412:jose`, `493412##vip`), so the newest holders of a common word are the few visitors
-- under its keys for the last hours, found by exact GIN lookups, rather than a walk past every visitor
-- newer than them or a sort of all its holders. A heartbeat that moves a visitor to a new hour writes a
-- new row version anyway (last_seen_at is indexed), so the keys need no row write of their own.

-- The hour of a time, as a number: the same in every time zone.
CREATE FUNCTION search_hour(t timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(extract(epoch FROM t) / 3600)::integer
$$;--> statement-breakpoint
-- The keys of a visitor's dictionary words (`hour:word`) and tags (`hour#tag`) for the hour it was last seen.
CREATE FUNCTION search_hour_keys(words text[], tags text[], seen timestamptz) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(k), '{}') FROM (
    SELECT search_hour(seen) || ':' || w AS k FROM unnest(words) AS w WHERE search_word_in_dictionary(w)
    UNION ALL
    SELECT search_hour(seen) || '#' || t FROM unnest(tags) AS t
  ) AS keys
$$;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "search_hour_keys" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "visitors" SET "search_hour_keys" = search_hour_keys("search_words", "tags", "last_seen_at");--> statement-breakpoint
-- No list of entries not yet merged: a search scans all of it for each of its keys (hundreds of hour
-- keys: 21 ms for 25 pages of it, 1.2 ms without), and heartbeats keep refilling it.
CREATE INDEX "visitors_search_hours_idx" ON "visitors" USING gin ("search_hour_keys") WITH (fastupdate=off);--> statement-breakpoint
-- Runs after visitors_search_words (triggers fire in name order), which derives search_words.
CREATE FUNCTION visitors_search_hour_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_hour_keys := search_hour_keys(NEW.search_words, NEW.tags, NEW.last_seen_at);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visitors_search_words_hours" BEFORE INSERT ON "visitors"
FOR EACH ROW EXECUTE FUNCTION visitors_search_hour_keys();--> statement-breakpoint
-- Most heartbeats stay within the visitor's hour: they skip the function.
CREATE TRIGGER "visitors_search_words_hours_update" BEFORE UPDATE OF "search_text", "tags", "last_seen_at" ON "visitors"
FOR EACH ROW WHEN (
  search_hour(OLD.last_seen_at) IS DISTINCT FROM search_hour(NEW.last_seen_at)
  OR OLD.search_text IS DISTINCT FROM NEW.search_text
  OR OLD.tags IS DISTINCT FROM NEW.tags
) EXECUTE FUNCTION visitors_search_hour_keys();
--> statement-breakpoint
-- The same for the visitors' words (a typo'd word's spellings are dozens of keys) and the dictionary's
-- deletion variants (registrations of long-tail names add some fifty keys per new word).
ALTER INDEX "visitors_search_words_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "search_words_keys_idx" SET (fastupdate = off);
--> statement-breakpoint
-- Each heartbeat leaves a dead row version, whose index entries searches keep visiting until a vacuum:
-- in the current hour's keys, where every online visitor is, they outnumbered the live ones three to one
-- after a few minutes of a busy site. Vacuumed at 1 % dead rather than 20 % (a few seconds at 1,000,000).
ALTER TABLE "visitors" SET (autovacuum_vacuum_scale_factor = 0.01);
