import { sql } from "drizzle-orm";
import { preparedFor, type Db } from "@/lib/db";
import { auditEvents } from "./schema";

export interface AuditEntry {
  at?: Date;
  actorId?: string | null;
  actorEmail?: string | null;
  action: string;
  outcome?: "success" | "failure";
  target?: string | null;
  /** Never a secret: keys, passwords and tokens stay out of the audit log. */
  detail?: Record<string, unknown>;
  ip?: string | null;
}

function auditRow(entry: AuditEntry) {
  return {
    at: entry.at ?? new Date(),
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail?.toLowerCase() ?? null,
    action: entry.action,
    outcome: entry.outcome ?? "success",
    target: entry.target ?? null,
    detail: entry.detail ?? {},
    ip: entry.ip ?? null,
  };
}

/** Records one event, inside a transaction when given one. */
export async function recordAudit(db: Pick<Db, "insert">, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values(auditRow(entry));
}

const insertAuditEvent = preparedFor((db) =>
  db
    .insert(auditEvents)
    .values({
      at: sql`${sql.placeholder("at")}::timestamptz`,
      actorId: sql.placeholder("actorId"),
      actorEmail: sql.placeholder("actorEmail"),
      action: sql.placeholder("action"),
      outcome: sql`${sql.placeholder("outcome")}`,
      target: sql.placeholder("target"),
      detail: sql`${sql.placeholder("detail")}::jsonb`,
      ip: sql.placeholder("ip"),
    })
    .prepare("audit_event_insert"),
);

/**
 * Records one event on its own (no transaction), by a statement prepared once: every audited console
 * action writes one, and building and planning the insert each time took half of its trip.
 */
export async function recordAuditEvent(db: Db, entry: AuditEntry): Promise<void> {
  const row = auditRow(entry);
  await insertAuditEvent(db).execute({ ...row, at: row.at.toISOString(), detail: JSON.stringify(row.detail) });
}
