import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Who did what, when and from where. Sign-in failures here also drive the sign-in throttle. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    outcome: text("outcome", { enum: ["success", "failure"] })
      .notNull()
      .default("success"),
    target: text("target"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
  },
  (table) => [
    index("audit_events_at_idx").on(table.at),
    index("audit_events_action_actor_idx").on(table.action, table.actorEmail, table.at),
    // A session's timeline reads the entries about it (their target) in order.
    index("audit_events_target_idx").on(table.target, table.at),
  ],
);
