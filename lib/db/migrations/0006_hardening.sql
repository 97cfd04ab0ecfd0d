CREATE TABLE "spent_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ALTER COLUMN "require_authorization" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scope" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "recording_link_ttl_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "url_redacted_params" text[] DEFAULT '{token,code,secret,password,passwd,pwd,key,auth,session,sig,otp,nonce,state,ticket,jwt,sid}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_links" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "spent_tokens_expires_idx" ON "spent_tokens" USING btree ("expires_at");--> statement-breakpoint
UPDATE "watch_links" SET "opened_at" = "created_at" WHERE "session_id" IS NOT NULL;
