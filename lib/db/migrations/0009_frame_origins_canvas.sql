ALTER TABLE "teams" ADD COLUMN "frame_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "canvas_capture_enabled" boolean DEFAULT true NOT NULL;