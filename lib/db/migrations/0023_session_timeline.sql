ALTER TABLE "teams" ADD COLUMN "agent_hears_visitor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target","at");