import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { auditEvents } from "@/lib/audit/schema";
import { AUDIT_PAGE_SIZE, type AuditFilters } from "./filters";

export type AuditEvent = typeof auditEvents.$inferSelect;

function conditions(filters: AuditFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.action) where.push(eq(auditEvents.action, filters.action));
  if (filters.outcome) where.push(eq(auditEvents.outcome, filters.outcome));
  // A part of the email matches ("ann@" or "example.com"), or of an API key's or an agent's name; % and _
  // typed by the user are literal.
  if (filters.actor) {
    const pattern = `%${filters.actor.toLowerCase().replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(auditEvents.actorEmail, pattern),
        ilike(sql`${auditEvents.detail} ->> 'api_key'`, pattern),
        ilike(sql`${auditEvents.detail} ->> 'agent'`, pattern),
      )!,
    );
  }
  if (filters.from) where.push(gte(auditEvents.at, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) where.push(lt(auditEvents.at, new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000)));
  return where.length ? and(...where) : undefined;
}

/** One page of events, newest first, and how many match in all. */
export async function listAuditEvents(
  db: Db,
  filters: AuditFilters,
  pageSize = AUDIT_PAGE_SIZE,
): Promise<{ events: AuditEvent[]; total: number; page: number; pageCount: number }> {
  const where = conditions(filters);
  const [{ n }] = await db.select({ n: count() }).from(auditEvents).where(where);
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(filters.page ?? 1, pageCount);
  const events = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { events, total, page, pageCount };
}

/** Every matching event, newest first, read in batches (the CSV export). */
export async function* allAuditEvents(db: Db, filters: AuditFilters, batchSize = 1000): AsyncGenerator<AuditEvent> {
  const where = conditions(filters);
  for (let offset = 0; ; offset += batchSize) {
    const batch = await db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(batchSize).offset(offset);
    yield* batch;
    if (batch.length < batchSize) return;
  }
}

/** The actions that occur in the log, for the filter's choices. */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditEvents.action }).from(auditEvents).orderBy(auditEvents.action);
  return rows.map((row) => row.action);
}
