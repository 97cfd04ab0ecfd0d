ALTER TABLE "sessions" ADD COLUMN "call_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "call_state" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "call_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "call_seconds" integer DEFAULT 0 NOT NULL;
