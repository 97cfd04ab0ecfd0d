CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text,
	"email" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"agent_nickname" text DEFAULT '' NOT NULL,
	"phone_number" text,
	"timezone" text,
	"live_support" boolean DEFAULT false NOT NULL,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"password" boolean DEFAULT false NOT NULL,
	"from_oauth" boolean DEFAULT false NOT NULL,
	"signup_hours_offset" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_request_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "pageviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visitor_id" text NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"referrer" text,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "session_agents" (
	"session_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_agents_session_id_agent_id_pk" PRIMARY KEY("session_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"status" text DEFAULT 'ongoing' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"live_at" timestamp with time zone,
	"went_live" boolean DEFAULT false NOT NULL,
	"session_authorized" boolean DEFAULT false NOT NULL,
	"features_used" text[] DEFAULT '{}'::text[] NOT NULL,
	"call_name" text,
	"source" text DEFAULT 'api' NOT NULL,
	"on_premise" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"branding" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"viewer" jsonb,
	"initial_notes" text,
	"webhook_url" text,
	"video_url" text,
	"video_status" text,
	"end_reason" text,
	"agent_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"domain" text NOT NULL,
	"public_key" text NOT NULL,
	"webhook_secret" text NOT NULL,
	"history_enabled" boolean DEFAULT true NOT NULL,
	"require_authorization" boolean DEFAULT false NOT NULL,
	"masking_selectors" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_concurrent_sessions" integer DEFAULT 25 NOT NULL,
	"proxy_enabled" boolean DEFAULT false NOT NULL,
	"onprem_licensed" boolean DEFAULT false NOT NULL,
	"recording_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_public_key_unique" UNIQUE("public_key")
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"short_id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"online_until" timestamp with time zone DEFAULT now() NOT NULL,
	"browser_name" text,
	"device_name" text,
	"device_type" text,
	"call_name" text,
	"email" text,
	"identities" text[] DEFAULT '{}'::text[] NOT NULL,
	"unique_id" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"integration_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"integration" text,
	"ip_address" text DEFAULT '' NOT NULL,
	"location_city" text,
	"location_country_name" text,
	"location_country" text,
	"lookup_code" text,
	"last_url" text DEFAULT '' NOT NULL,
	"is_supported" boolean DEFAULT true NOT NULL,
	"is_waiting_for_call" boolean DEFAULT false NOT NULL,
	"js_configuration" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_links" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"request" jsonb NOT NULL,
	"on_premise" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"session_id" text NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pageviews" ADD CONSTRAINT "pageviews_visitor_id_visitors_short_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("short_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_agents" ADD CONSTRAINT "session_agents_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_agents" ADD CONSTRAINT "session_agents_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_links" ADD CONSTRAINT "watch_links_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_links" ADD CONSTRAINT "watch_links_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_team_external_idx" ON "agents" USING btree ("team_id","external_id");--> statement-breakpoint
CREATE INDEX "agents_team_email_idx" ON "agents" USING btree ("team_id","email");--> statement-breakpoint
CREATE INDEX "api_keys_team_idx" ON "api_keys" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "pageviews_visitor_idx" ON "pageviews" USING btree ("visitor_id","visited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "session_agents_agent_idx" ON "session_agents" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "sessions_team_status_idx" ON "sessions" USING btree ("team_id","status");--> statement-breakpoint
CREATE INDEX "sessions_team_started_idx" ON "sessions" USING btree ("team_id","started_at");--> statement-breakpoint
CREATE INDEX "sessions_visitor_idx" ON "sessions" USING btree ("visitor_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visitors_team_seen_idx" ON "visitors" USING btree ("team_id","last_seen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visitors_team_online_idx" ON "visitors" USING btree ("team_id","online_until");--> statement-breakpoint
CREATE INDEX "visitors_team_unique_id_idx" ON "visitors" USING btree ("team_id","unique_id");--> statement-breakpoint
CREATE INDEX "visitors_team_email_idx" ON "visitors" USING btree ("team_id","email");--> statement-breakpoint
CREATE INDEX "visitors_team_ip_idx" ON "visitors" USING btree ("team_id","ip_address");--> statement-breakpoint
CREATE INDEX "visitors_team_lookup_idx" ON "visitors" USING btree ("team_id","lookup_code");--> statement-breakpoint
CREATE INDEX "visitors_tags_idx" ON "visitors" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "visitors_identities_idx" ON "visitors" USING gin ("identities");--> statement-breakpoint
CREATE INDEX "visitors_integration_ids_idx" ON "visitors" USING gin ("integration_ids");--> statement-breakpoint
CREATE INDEX "visitors_search_trgm_idx" ON "visitors" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");