ALTER TABLE "sessions" ADD COLUMN "agent_notes" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "quality_feedback" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "visitor_feedback_enabled" boolean DEFAULT false NOT NULL;
