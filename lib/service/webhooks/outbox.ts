import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { isUnavailable } from "@/lib/availability/unavailable";
import { newId } from "../core/ids";
import { teams, webhookDeliveries } from "../core/schema";
import { assertPublicUrl, UnsafeUrlError, type Resolver } from "../outbound/address-guard";
import { postWebhook, type Sender } from "./post";
import { nextAttemptAt } from "./schedule";
import { signatureHeaders } from "./sign";

type Delivery = typeof webhookDeliveries.$inferSelect;

/** A claim lasts this long; a node that dies mid-delivery leaves the row to others after it. */
export const LEASE_MS = 60_000;
/** Bounds the address lookup and the request each: 2 × 15 s stays well under the lease, so a live node records its outcome before anyone else may claim the row. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const USER_AGENT = "Tandem-Webhooks/1";
/** An outcome not recorded this long before the lease ends is left to the next claim. */
const RECORD_MARGIN_MS = 5_000;

/** Puts a delivery in the outbox; pass the caller's transaction so it commits with the event. Returns its id. */
export async function enqueueWebhook(db: Db | Tx, input: { teamId: string; sessionId: string; url: string; payload: object }): Promise<string> {
  const id = newId("msg_");
  const payload = input.payload as Record<string, unknown>;
  await db.insert(webhookDeliveries).values({ id, teamId: input.teamId, sessionId: input.sessionId, url: input.url, payload });
  return id;
}

export type DeliverOptions = {
  allowPrivate: boolean;
  now?: Date;
  send?: Sender;
  limit?: number;
  timeoutMs?: number;
  resolve?: Resolver;
};
export type DeliveryRun = { claimed: number; delivered: number; retrying: number; failed: number; gone: number };
type Result = { outcome: "delivered" | "gone" | "retry" | "refused"; status?: number; error?: string };

/**
 * Claims due rows in one short transaction (FOR UPDATE SKIP LOCKED, so concurrent runs and nodes take
 * different rows), leases them and counts the attempt, then sends them outside the transaction.
 */
async function claimDue(db: Db, now: Date, limit: number): Promise<Delivery[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, "pending"),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(webhookDeliveries)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms.`)), ms);
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}

async function attempt(row: Delivery, secret: string | undefined, options: DeliverOptions): Promise<Result> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  if (secret === undefined) return { outcome: "refused", error: `Team ${row.teamId} no longer exists.` };
  try {
    const target = await withTimeout(assertPublicUrl(row.url, { allowPrivate: options.allowPrivate, resolve: options.resolve }), timeoutMs, "Address lookup");
    const body = JSON.stringify(row.payload); // serialised once: the signed bytes are the sent bytes
    const headers = { "content-type": "application/json", "user-agent": USER_AGENT, ...signatureHeaders(secret, row.id, body) };
    const { status, location } = await (options.send ?? postWebhook)({ target, headers, body, timeoutMs });
    if (status >= 200 && status < 300) return { outcome: "delivered", status };
    if (status === 410) return { outcome: "gone", status, error: "Receiver answered 410 Gone: no more attempts." };
    if (status >= 300 && status < 400) return { outcome: "retry", status, error: `Redirect${location ? ` to ${location}` : ""} not followed.` };
    return { outcome: "retry", status, error: `Receiver answered HTTP ${status}.` };
  } catch (error) {
    if (error instanceof UnsafeUrlError) return { outcome: "refused", error: error.message };
    return { outcome: "retry", error: message(error) };
  }
}

/** Records one outcome, only if the row is still ours (not re-claimed by another node after our lease). */
async function record(db: Db, row: Delivery, result: Result, now: Date): Promise<keyof Omit<DeliveryRun, "claimed">> {
  const retryAt = result.outcome === "retry" ? nextAttemptAt(row.attempts, now) : null;
  const status = result.outcome === "delivered" ? "delivered" : result.outcome === "gone" ? "gone" : retryAt ? "pending" : "failed";
  await db
    .update(webhookDeliveries)
    .set({
      status,
      lockedUntil: null,
      lastStatus: result.status ?? null,
      lastError: result.error ?? null,
      ...(retryAt ? { nextAttemptAt: retryAt } : {}),
      ...(status === "delivered" ? { deliveredAt: now } : {}),
    })
    .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.attempts, row.attempts), eq(webhookDeliveries.status, "pending")));
  return status === "pending" ? "retrying" : status;
}

/**
 * Records an outcome, asking again while the database cannot serve (up to shortly before the lease ends):
 * a delivery sent but not recorded would be sent again, under the same id, once the lease ran out.
 */
async function recordSurely(db: Db, row: Delivery, result: Result, now: Date): Promise<keyof Omit<DeliveryRun, "claimed">> {
  const giveUpAt = now.getTime() + LEASE_MS - RECORD_MARGIN_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await record(db, row, result, now);
    } catch (error) {
      if (!isUnavailable(error) || Date.now() > giveUpAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** attempt, 2_000)));
    }
  }
}

/** One delivery run: claims up to `limit` due rows and sends them concurrently (all finish within the lease). */
export async function deliverDueWebhooks(db: Db, options: DeliverOptions): Promise<DeliveryRun> {
  const now = options.now ?? new Date();
  const claimed = await claimDue(db, now, options.limit ?? 20);
  const run: DeliveryRun = { claimed: claimed.length, delivered: 0, retrying: 0, failed: 0, gone: 0 };
  if (claimed.length === 0) return run;

  // The secret is read at send time, so a rotation applies to pending retries too.
  const teamIds = [...new Set(claimed.map((row) => row.teamId))];
  const secrets = new Map(
    (await db.select({ id: teams.id, secret: teams.webhookSecret }).from(teams).where(inArray(teams.id, teamIds))).map((team) => [team.id, team.secret]),
  );
  const settled = await Promise.allSettled(
    claimed.map(async (row) => recordSurely(db, row, await attempt(row, secrets.get(row.teamId), options), options.now ?? new Date())),
  );
  for (const result of settled) {
    if (result.status === "rejected") throw result.reason; // after all sends finished: no half-done work left behind
    run[result.value]++;
  }
  return run;
}
