import { and, count, eq, gt, sql } from "drizzle-orm";
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

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
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

/** Failed sign-ins for an email since a time, not counting attempts the throttle itself refused. */
export async function countSignInFailures(db: Db, email: string, since: Date): Promise<{ failures: number; oldest: Date | null }> {
  const [row] = await db
    .select({ failures: count(), oldest: sql<string | null>`min(${auditEvents.at})` })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, "sign_in"),
        eq(auditEvents.outcome, "failure"),
        eq(auditEvents.actorEmail, email.toLowerCase()),
        gt(auditEvents.at, since),
        sql`coalesce(${auditEvents.detail}->>'reason', '') <> 'throttled'`,
      ),
    );
  return { failures: Number(row.failures), oldest: row.oldest ? new Date(row.oldest) : null };
}
