CREATE TABLE "console_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "usage_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"usage" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_snapshots_at_idx" ON "usage_snapshots" USING btree ("at");