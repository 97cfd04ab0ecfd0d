import type { Db } from "@/lib/db";
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

/** Records one event, inside a transaction when given one. */
export async function recordAudit(db: Pick<Db, "insert">, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    at: entry.at ?? new Date(),
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail?.toLowerCase() ?? null,
    action: entry.action,
    outcome: entry.outcome ?? "success",
    target: entry.target ?? null,
    detail: entry.detail ?? {},
    ip: entry.ip ?? null,
  });
}
