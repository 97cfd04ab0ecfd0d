ALTER TABLE "console_users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "console_users" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "console_users" ADD COLUMN "oidc_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "console_users_oidc_subject_idx" ON "console_users" USING btree ("oidc_issuer","oidc_subject");