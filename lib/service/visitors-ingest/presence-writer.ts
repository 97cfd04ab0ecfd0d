import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import type { Team } from "../teams";
import { writeHeartbeat } from "./write-heartbeat";
import { ONLINE_SECONDS } from "./presence";
import type { KnownPresence, PresenceKnowledge } from "./presence-knowledge";

/** How often the heartbeats taken meanwhile are written, all in one statement. */
export const FLUSH_EVERY_MS = 2_000;
/**
 * A heartbeat waits for the next flush only while the database keeps the visitor online at least this
 * much longer, five flushes' worth; else it is written at once. So the database never shows a visitor
 * that is beating as offline, and purge, `is_online` and the `online` search stay exact (lookup codes
 * too: a visitor coming back online is written at once, under the code assignment's lock).
 */
export const WRITE_THROUGH_MARGIN_MS = 10_000;

export interface Beat {
  lookupCode: string | null;
  /** True when this heartbeat waits for the next flush. */
  deferred: boolean;
}

/**
 * Visitors' heartbeats, most of the service's traffic, off the per-request transaction: a visitor the
 * database keeps online for a while yet (as `knowledge` knows) is only noted here, and the notes are
 * written every FLUSH_EVERY_MS in one statement. A node killed between two flushes loses the notes it
 * held; the database still keeps those visitors online for the margin, and their next beat writes again.
 */
export class PresenceWriter {
  private pending = new Map<string, number>();
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly knowledge: PresenceKnowledge,
    private readonly clock: () => number = Date.now,
  ) {}

  async beat(db: Db, team: Team, visitorId: string): Promise<Beat> {
    const now = this.clock();
    const known = await this.knowledge.get(visitorId);
    if (known && known.until - now >= WRITE_THROUGH_MARGIN_MS) {
      this.pending.set(visitorId, now);
      return { lookupCode: known.lookupCode, deferred: true };
    }
    const { lookupCode } = await writeHeartbeat(db, team, visitorId, new Date(now));
    this.pending.delete(visitorId);
    await this.knowledge.remember(new Map([[visitorId, { until: now + ONLINE_SECONDS * 1000, lookupCode }]]));
    return { lookupCode, deferred: false };
  }

  /** What a write outside the heartbeats (a registration) made true. */
  async written(visitorId: string, presence: KnownPresence): Promise<void> {
    await this.knowledge.remember(new Map([[visitorId, presence]]));
  }

  /** The visitor left (its page closed): nothing noted of it is written, and its next heartbeat is written at once. */
  async left(visitorId: string): Promise<void> {
    this.pending.delete(visitorId);
    await this.knowledge.forget(visitorId);
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Writes every heartbeat noted since the last flush in one statement. A later event of the visitor
   * (a leave, a newer write) wins: a row whose last_seen_at is already later is left alone. Notes that
   * could not be written are kept for the next flush.
   */
  async flush(db: Db): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.write(db, batch)
      .catch((error) => {
        for (const [visitorId, seen] of batch) if (!this.pending.has(visitorId)) this.pending.set(visitorId, seen);
        throw error;
      })
      .finally(() => (this.flushing = null));
    await this.flushing;
  }

  private async write(db: Db, batch: Map<string, number>): Promise<void> {
    const ids = [...batch.keys()];
    const seen = ids.map((id) => new Date(batch.get(id)!).toISOString());
    const written = await db.execute<{ short_id: string; online_until: Date | string; lookup_code: string | null }>(sql`
      update visitors
      set last_seen_at = beat.seen, online_until = beat.seen + make_interval(secs => ${ONLINE_SECONDS})
      from unnest(${sql.param(ids)}::text[], ${sql.param(seen)}::timestamptz[]) as beat(id, seen)
      where visitors.short_id = beat.id and visitors.last_seen_at < beat.seen
      returning visitors.short_id, visitors.online_until, visitors.lookup_code`);
    await this.knowledge.remember(
      new Map(written.rows.map((row) => [row.short_id, { until: new Date(row.online_until).getTime(), lookupCode: row.lookup_code }])),
    );
  }
}
