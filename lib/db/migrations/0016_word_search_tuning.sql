-- A word search picks between walking the newest visitors and listing a word's holders by how many
-- visitors the planner expects to match, from the column's statistics: their list of the commonest words
-- and its lowest frequency, which bounds every word left out. Ten times the default sample lists some
-- 2,500 words at 1,000,000 visitors, and a rare or typo'd word's estimate comes within a few visitors.
ALTER TABLE "visitors" ALTER COLUMN "search_words" SET STATISTICS 1000;--> statement-breakpoint
-- Every heartbeat writes a new row version (last_seen_at is indexed), so new entries reach the search
-- indexes all the time, and each search reads the whole list of entries not yet merged (4 MB by
-- default: 450 pages read per word search on a busy site). A short list is merged more often, by the
-- writers, a little at a time.
ALTER INDEX "visitors_search_words_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "visitors_search_trgm_idx" SET (gin_pending_list_limit = 256);
