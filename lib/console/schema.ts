import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * People who sign in to the console. `id` is stable; the API knows the user as the External Agent `console:<id>`. A user signed in
 * through single sign-on is tied to the provider's subject (`oidc_issuer` + `oidc_subject`) and may have
 * no password.
 */
export const consoleUsers = pgTable(
  "console_users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    role: text("role", { enum: ["agent", "lead", "admin"] }).notNull(),
    passwordHash: text("password_hash"),
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "date" }),
    /** Sessions signed in before this (a password change or reset) are no longer accepted. */
    sessionsValidAfter: timestamp("sessions_valid_after", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    check("console_users_role_check", sql`${table.role} in ('agent', 'lead', 'admin')`),
    uniqueIndex("console_users_oidc_subject_idx").on(table.oidcIssuer, table.oidcSubject),
  ],
);

/** The usage figures as the API answered them, at most one every 5 minutes: the history behind the charts. */
export const usageSnapshots = pgTable(
  "usage_snapshots",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    usage: jsonb("usage").$type<Record<string, Record<string, number>>>().notNull(),
  },
  (table) => [index("usage_snapshots_at_idx").on(table.at)],
);

/** The console's own settings (e.g. the webhook URL sent with co-browse links, default permissions). */
export const consoleSettings = pgTable("console_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

/**
 * The console's record of each visitor asking for help: when it was first seen waiting (the queue's
 * order when the API gives no `waiting_since`) and which user claimed it. Rows of visitors no longer
 * waiting are removed as the queue is read.
 */
export const helpRequests = pgTable(
  "help_requests",
  {
    visitorId: text("visitor_id").primaryKey(),
    requestedAt: timestamp("requested_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The last time a read of the queue found the visitor waiting. */
    seenAt: timestamp("seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    claimedBy: text("claimed_by").references(() => consoleUsers.id, { onDelete: "set null" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [index("help_requests_requested_idx").on(table.requestedAt)],
);

/** Each user's own choices in the console. */
export const userPreferences = pgTable("user_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => consoleUsers.id, { onDelete: "cascade" }),
  /** A sound and a browser notification when a visitor asks for help. */
  helpAlerts: boolean("help_alerts").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * One-time password reset links an admin creates. Only the SHA-256 of the token is kept: the link itself
 * is shown once (and maybe emailed), so a copy of the database opens no account.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => consoleUsers.id, { onDelete: "cascade" }),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [index("password_resets_user_idx").on(table.userId)],
);
