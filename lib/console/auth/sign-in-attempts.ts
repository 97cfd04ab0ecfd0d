import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { recordAudit } from "@/lib/audit/record";
import { auditEvents } from "@/lib/audit/schema";

/** Failed sign-ins one email may have in a window before it is refused, whatever the password. */
export const SIGN_IN_LIMIT = { failures: 10, windowMs: 15 * 60_000 };
/** Failed sign-ins one client address may have in a window, whichever emails it tries (an office behind one NAT may need more). */
export const addressSignInLimit = () => ({ failures: env().SIGN_IN_FAILURES_PER_ADDRESS, windowMs: 15 * 60_000 });

/** Refusals that say nothing about the password: they do not count towards either limit. */
const NOT_COUNTED = ["throttled", "busy", "password_sign_in_off"];

export type Reservation = { id: number } | { refusedBy: "email" | "address"; retryInMs: number };

/** The failures of `action` (sign-in unless said) of an email or a client address since a moment, and when the oldest was. */
export async function recentFailures(db: Db, who: { email: string } | { ip: string }, since: Date, action = "sign_in") {
  const [row] = await db
    .select({ failures: count(), oldest: sql<string | null>`min(${auditEvents.at})` })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, action),
        eq(auditEvents.outcome, "failure"),
        "email" in who ? eq(auditEvents.actorEmail, who.email) : eq(auditEvents.ip, who.ip),
        gt(auditEvents.at, since),
        sql`coalesce(${auditEvents.detail}->>'reason', '') not in (${sql.join(
          NOT_COUNTED.map((reason) => sql`${reason}`),
          sql`, `,
        )})`,
      ),
    );
  return { failures: Number(row.failures), oldest: row.oldest ? new Date(row.oldest) : null };
}

/**
 * Takes a sign-in attempt's turn: counts the recent failures of its email and of its address and, under
 * both limits, records the attempt as a failure ("pending") until `settleSignInAttempt` gives its outcome.
 * One transaction holding an advisory lock per email and per address (always in that order, so two
 * attempts never wait on each other in a circle): parallel attempts take turns, each counts the ones
 * before it, and no more than the limit are ever checked against the password. Over a limit, the refusal
 * is recorded and returned with how long until the oldest failure leaves the window.
 */
export async function reserveSignInAttempt(db: Db, attempt: { email: string; ip: string | null }, now: Date): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tandem.sign-in.email:${attempt.email}`}))`);
    if (attempt.ip) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tandem.sign-in.address:${attempt.ip}`}))`);

    const checks: { by: "email" | "address"; limit: typeof SIGN_IN_LIMIT; who: { email: string } | { ip: string } }[] = [
      { by: "email", limit: SIGN_IN_LIMIT, who: { email: attempt.email } },
    ];
    if (attempt.ip) checks.push({ by: "address", limit: addressSignInLimit(), who: { ip: attempt.ip } });
    for (const check of checks) {
      const { failures, oldest } = await recentFailures(txDb, check.who, new Date(now.getTime() - check.limit.windowMs));
      if (failures < check.limit.failures) continue;
      await tx.insert(auditEvents).values(row(attempt, now, { reason: "throttled", by: check.by }));
      return { refusedBy: check.by, retryInMs: (oldest ?? now).getTime() + check.limit.windowMs - now.getTime() };
    }
    const [reserved] = await tx
      .insert(auditEvents)
      .values(row(attempt, now, { reason: "pending" }))
      .returning({ id: auditEvents.id });
    return { id: reserved.id };
  });
}

function row(attempt: { email: string; ip: string | null }, at: Date, detail: Record<string, unknown>) {
  return { at, action: "sign_in", outcome: "failure" as const, actorEmail: attempt.email, ip: attempt.ip, detail };
}

/** Replaces a reserved attempt's "pending" with what came of it. */
export async function settleSignInAttempt(
  db: Db,
  id: number,
  result: { outcome: "success" | "failure"; reason?: "invalid" | "disabled" | "busy"; actorId?: string },
): Promise<void> {
  await db
    .update(auditEvents)
    .set({ outcome: result.outcome, actorId: result.actorId ?? null, detail: result.reason ? { reason: result.reason } : {} })
    .where(eq(auditEvents.id, id));
}

export const inMinutes = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
};

/**
 * The throttle of a form anyone may submit (a reset link, the first admin), per client address as
 * sign-in's: past the address's limit of failures of `action` in the window, a submission is refused
 * (recorded, not counted) before anything else is done. Returns the refusal's message, or null.
 */
export async function publicFormRefusal(db: Db, action: string, ip: string | null, now = new Date()): Promise<string | null> {
  if (!ip) return null;
  const limit = addressSignInLimit();
  const { failures, oldest } = await recentFailures(db, { ip }, new Date(now.getTime() - limit.windowMs), action);
  if (failures < limit.failures) return null;
  await recordAudit(db, { at: now, action, outcome: "failure", ip, detail: { reason: "throttled" } });
  return `Too many failed attempts from your network address. Try again in ${inMinutes((oldest ?? now).getTime() + limit.windowMs - now.getTime())}.`;
}
