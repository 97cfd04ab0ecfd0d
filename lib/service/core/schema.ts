import { sql } from "drizzle-orm";
import { bigserial, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const stringArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
/** Binary data: node-postgres reads a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** An account of the embedded service. Every other row belongs to one. */
export const teams = pgTable("teams", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  domain: text("domain").notNull(),
  /** Public: it is in the visitor script snippet. */
  publicKey: text("public_key").notNull().unique(),
  webhookSecret: text("webhook_secret").notNull(),
  historyEnabled: boolean("history_enabled").notNull().default(true),
  requireAuthorization: boolean("require_authorization").notNull().default(true),
  maskingSelectors: stringArray("masking_selectors"),
  maxConcurrentSessions: integer("max_concurrent_sessions").notNull().default(25),
  proxyEnabled: boolean("proxy_enabled").notNull().default(false),
  onpremLicensed: boolean("onprem_licensed").notNull().default(false),
  recordingEnabled: boolean("recording_enabled").notNull().default(false),
  /** How long a recording link opens the replay after it is made. */
  recordingLinkTtlHours: integer("recording_link_ttl_hours").notNull().default(24),
  /** Query parameters whose values the visitor script drops from every URL it sends (name fragments). */
  urlRedactedParams: text("url_redacted_params")
    .array()
    .notNull()
    .default(sql`'{token,code,secret,password,passwd,pwd,key,auth,session,sig,otp,nonce,state,ticket,jwt,sid}'::text[]`),
  /** Origins allowed to embed the watch page (`naked` and `page_only` embedding). */
  embedOrigins: stringArray("embed_origins"),
  /** The team's sites whose pages and cross-origin frames share one co-browsing session (the frame bridge). */
  frameOrigins: stringArray("frame_origins"),
  /** Whether the visitor script sends 2D canvases as images (throttled, within a size budget). */
  canvasCaptureEnabled: boolean("canvas_capture_enabled").notNull().default(true),
  /** Whether the visitor is asked how the session went when it ends. */
  visitorFeedbackEnabled: boolean("visitor_feedback_enabled").notNull().default(false),
  /** Whether a call starts with the visitor's voice on for the agent, for watch links that leave `options.audio_muted` out. */
  agentHearsVisitor: boolean("agent_hears_visitor").notNull().default(false),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** Secret REST keys: only a SHA-256 hash is kept; `prefix` lets people tell keys apart. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    /** `api`: the v1.3 endpoints; `admin`: also the team's keys, webhook secret and settings. */
    scope: text("scope", { enum: ["api", "admin"] })
      .notNull()
      .default("api"),
    createdAt: at("created_at").notNull().defaultNow(),
    lastUsedAt: at("last_used_at"),
    revokedAt: at("revoked_at"),
  },
  (table) => [index("api_keys_team_idx").on(table.teamId)],
);

/** How long after it was last seen a visitor may be online, at most (see visitors_online_after_seen). */
export const ONLINE_SEEN_WITHIN = sql`interval '1 hour'`;

export const visitors = pgTable(
  "visitors",
  {
    shortId: text("short_id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** Hash of the secret the visitor script holds to resume this visitor. */
    tokenHash: text("token_hash").notNull(),
    addedAt: at("added_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    /** Online while this is in the future: heartbeats and open streams push it forward. */
    onlineUntil: at("online_until").notNull().defaultNow(),
    browserName: text("browser_name"),
    deviceName: text("device_name"),
    deviceType: text("device_type"),
    callName: text("call_name"),
    email: text("email"),
    identities: stringArray("identities"),
    uniqueId: text("unique_id"),
    tags: stringArray("tags"),
    integrationIds: stringArray("integration_ids"),
    integration: text("integration"),
    ipAddress: text("ip_address").notNull().default(""),
    locationCity: text("location_city"),
    locationCountryName: text("location_country_name"),
    locationCountry: text("location_country"),
    lookupCode: text("lookup_code"),
    lastUrl: text("last_url").notNull().default(""),
    /** The title of the page at last_url, as the page reported it. */
    lastTitle: text("last_title"),
    isSupported: boolean("is_supported").notNull().default(true),
    isWaitingForCall: boolean("is_waiting_for_call").notNull().default(false),
    /**
     * When the visitor first asked for help (the queue's order, oldest first). A page change keeps it, so
     * a visitor who moves on while waiting keeps their place; cancelling or a session clears it.
     */
    waitingSince: at("waiting_since"),
    jsConfiguration: boolean("js_configuration").notNull().default(false),
    /** Folded (lower case, no accents) text that free text other than plain words matches with trigrams. */
    searchText: text("search_text").notNull().default(""),
    /**
     * The distinct words of search_text: a trigger derives them, and keeps the team's search_words with them.
     * Its statistics sample ten times the default (migration 0016): word searches plan by their estimates.
     */
    searchWords: stringArray("search_words"),
    /**
     * The dictionary words of search_words and the tags under the hour the visitor was last seen
     * (`493412:jose`, `493412##vip`; migration 0017's triggers keep them): the newest holders of a common
     * word are found by the keys of the last hours.
     */
    searchHourKeys: stringArray("search_hour_keys"),
  },
  (table) => [
    // The list's whole order (newest first, then id): a search for a common word walks it and stops at
    // max_results instead of sorting every match.
    index("visitors_team_seen_idx").on(table.teamId, table.lastSeenAt.desc().nullsFirst(), table.shortId),
    index("visitors_team_online_idx").on(table.teamId, table.onlineUntil),
    // An online visitor was seen within the hour (heartbeats push both, 30 s apart): a search for online
    // visitors looks only at the hour keys of the last hours.
    check("visitors_online_after_seen", sql`${table.onlineUntil} <= ${table.lastSeenAt} + ${ONLINE_SEEN_WITHIN}`),
    // The help queue (`waiting` search): the few visitors asking for help, oldest first.
    index("visitors_team_waiting_idx")
      .on(table.teamId, table.waitingSince, table.shortId)
      .where(sql`${table.isWaitingForCall}`),
    index("visitors_team_unique_id_idx").on(table.teamId, table.uniqueId),
    index("visitors_team_email_idx").on(table.teamId, table.email),
    index("visitors_team_ip_idx").on(table.teamId, table.ipAddress),
    index("visitors_team_lookup_idx").on(table.teamId, table.lookupCode),
    index("visitors_tags_idx").using("gin", table.tags),
    index("visitors_identities_idx").using("gin", table.identities),
    index("visitors_integration_ids_idx").using("gin", table.integrationIds),
    // Short lists of entries not yet merged (migration 0016): every search reads all of them.
    index("visitors_search_trgm_idx")
      .using("gin", sql`${table.searchText} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
    // None at all (migration 0017): a search scans the list for each of its keys, and may have hundreds.
    index("visitors_search_words_idx").using("gin", table.searchWords).with({ gin_pending_list_limit: 256, fastupdate: false }),
    index("visitors_search_hours_idx").using("gin", table.searchHourKeys).with({ fastupdate: false }),
  ],
);

/**
 * The dictionary of the words a team's visitors hold (see migration 0013's triggers): a typo'd or
 * unfinished word is matched here, among distinct words, before visitors are looked up by exact words.
 */
export const searchWords = pgTable(
  "search_words",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    word: text("word").notNull(),
    /** Hashes of the word's deletion variants: a typo'd word's variants find it by exact lookups. */
    keys: integer("keys").array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.word] }),
    // No list of entries not yet merged (migration 0017): every typo'd word's look-up would read it whole.
    index("search_words_keys_idx").using("gin", table.keys).with({ fastupdate: false }),
    index("search_words_team_prefix_idx").on(table.teamId, table.word.op("text_pattern_ops")),
  ],
);

export const pageviews = pgTable(
  "pageviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    visitorId: text("visitor_id")
      .notNull()
      .references(() => visitors.shortId, { onDelete: "cascade" }),
    url: text("url").notNull(),
    title: text("title"),
    referrer: text("referrer"),
    visitedAt: at("visited_at").notNull().defaultNow(),
    durationSeconds: integer("duration_seconds"),
  },
  (table) => [index("pageviews_visitor_idx").on(table.visitorId, table.visitedAt.desc())],
);

/** Users (`u_` ids, looked up by email) and External Agents (keyed by the caller's agent id). */
export const agents = pgTable(
  "agents",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["user", "external"] }).notNull(),
    externalId: text("external_id"),
    email: text("email").notNull().default(""),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    name: text("name").notNull(),
    nickname: text("agent_nickname").notNull().default(""),
    phoneNumber: text("phone_number"),
    timezone: text("timezone"),
    liveSupport: boolean("live_support").notNull().default(false),
    mfaEnabled: boolean("mfa_enabled").notNull().default(false),
    hasPassword: boolean("password").notNull().default(false),
    fromOauth: boolean("from_oauth").notNull().default(false),
    signupHoursOffset: integer("signup_hours_offset").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    lastRequestAt: at("last_request_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("agents_team_external_idx").on(table.teamId, table.externalId), index("agents_team_email_idx").on(table.teamId, table.email)],
);

/** A feedback entry as kept: the API's entry, plus which agent gave it (not shown in the API). */
export interface StoredFeedback {
  from: "agent" | "visitor";
  agent_id: string | null;
  rating: number;
  comment: string | null;
  created_at: string;
}

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** Kept after the visitor is deleted: the session stays in its agents' history. */
    visitorId: text("visitor_id").notNull(),
    status: text("status", { enum: ["ongoing", "ended"] })
      .notNull()
      .default("ongoing"),
    startedAt: at("started_at").notNull().defaultNow(),
    endedAt: at("ended_at"),
    /** When the visitor's page first reached an agent. */
    liveAt: at("live_at"),
    wentLive: boolean("went_live").notNull().default(false),
    sessionAuthorized: boolean("session_authorized").notNull().default(false),
    featuresUsed: stringArray("features_used"),
    callName: text("call_name"),
    source: text("source").notNull().default("api"),
    onPremise: boolean("on_premise").notNull().default(false),
    metadata: jsonb("metadata").$type<Record<string, string | number | boolean>>().notNull().default({}),
    permissions: jsonb("permissions").$type<Record<string, boolean>>().notNull().default({}),
    branding: jsonb("branding").$type<Record<string, unknown>>().notNull().default({}),
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
    viewer: jsonb("viewer").$type<{ id: string; name: string } | null>(),
    initialNotes: text("initial_notes"),
    /** The agents' notes as last saved from the watch page; null until first saved (the initial notes stand). */
    agentNotes: text("agent_notes"),
    /** One entry per answer to "How did this session go?": each agent's and the visitor's, at most once each. */
    qualityFeedback: jsonb("quality_feedback").$type<StoredFeedback[]>().notNull().default([]),
    webhookUrl: text("webhook_url"),
    videoUrl: text("video_url"),
    videoStatus: text("video_status"),
    endReason: text("end_reason"),
    /** An agent's stream or request was last seen then; a minute without one ends the session. */
    agentSeenAt: at("agent_seen_at").notNull().defaultNow(),
    /** The voice call of the session, while one rings or goes on (lib/service/live/calls.ts). */
    callId: text("call_id"),
    callState: text("call_state", { enum: ["ringing", "active"] }),
    /** When the visitor accepted the call going on. */
    callAcceptedAt: at("call_accepted_at"),
    /** The length of the session's calls that have ended: its call_length_seconds adds the one going on. */
    callSeconds: integer("call_seconds").notNull().default(0),
  },
  (table) => [
    index("sessions_team_status_idx").on(table.teamId, table.status),
    index("sessions_team_started_idx").on(table.teamId, table.startedAt),
    index("sessions_visitor_idx").on(table.visitorId, table.startedAt.desc()),
  ],
);

export const sessionAgents = pgTable(
  "session_agents",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    joinedAt: at("joined_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.agentId] }), index("session_agents_agent_idx").on(table.agentId)],
);

/**
 * A recorded session's events, a gzip-compressed JSON array per row, written by whichever app node
 * received them. The replay reads a session's rows in id order; they go when their session goes.
 */
export const recordingChunks = pgTable(
  "recording_chunks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    events: bytes("events").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("recording_chunks_session_idx").on(table.sessionId, table.id)],
);

/** A Secure watch link: created by the API, opened once by an agent's browser to start the session. */
export const watchLinks = pgTable("watch_links", {
  id: text("id").primaryKey(),
  teamId: text("team_id")
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" }),
  visitorId: text("visitor_id").notNull(),
  agentId: text("agent_id")
    .notNull()
    .references(() => agents.id, { onDelete: "cascade" }),
  /** The parsed watch-link request (branding, permissions, options, metadata, viewer, webhook). */
  request: jsonb("request").$type<Record<string, unknown>>().notNull(),
  onPremise: boolean("on_premise").notNull().default(false),
  expiresAt: at("expires_at").notNull(),
  sessionId: text("session_id"),
  /** Set when an agent's browser exchanged the link for its credential: a link opens once. */
  openedAt: at("opened_at"),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** Single-use tokens already spent (on-premise licence tokens), kept until they would have expired. */
export const spentTokens = pgTable(
  "spent_tokens",
  {
    id: text("id").primaryKey(),
    expiresAt: at("expires_at").notNull(),
  },
  (table) => [index("spent_tokens_expires_idx").on(table.expiresAt)],
);

/** The durable outbox of webhook deliveries: survives restarts, retried with backoff. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    url: text("url").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed", "gone"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    lockedUntil: at("locked_until"),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: at("created_at").notNull().defaultNow(),
    deliveredAt: at("delivered_at"),
  },
  (table) => [index("webhook_deliveries_due_idx").on(table.status, table.nextAttemptAt)],
);

/**
 * A universal proxy session, started when a visitor opens a proxy session link. The browser holds only
 * the session's own cookie (its hash is kept); the proxied sites' cookies stay here, in `cookieJar`
 * (tough-cookie's serialized jar), and go with the row when the session expires.
 */
export const proxySessions = pgTable(
  "proxy_sessions",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    cookieHash: text("cookie_hash").notNull(),
    initialUrl: text("initial_url").notNull(),
    allowedDomains: stringArray("allowed_domains"),
    retryUrl: text("retry_url"),
    cookieJar: jsonb("cookie_jar").$type<Record<string, unknown>>(),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("proxy_sessions_expires_idx").on(table.expiresAt)],
);
