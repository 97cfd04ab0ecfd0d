-- Every write pushes online_until at most 30 s past last_seen_at; a row set by hand further ahead is
-- brought back to the bound rather than refusing the migration.
UPDATE "visitors" SET "online_until" = "last_seen_at" + interval '1 hour' WHERE "online_until" > "last_seen_at" + interval '1 hour';--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_online_after_seen" CHECK ("visitors"."online_until" <= "visitors"."last_seen_at" + interval '1 hour');
