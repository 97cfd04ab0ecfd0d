DROP INDEX "visitors_team_seen_idx";--> statement-breakpoint
CREATE INDEX "visitors_team_seen_idx" ON "visitors" USING btree ("team_id","last_seen_at" DESC NULLS FIRST,"short_id");