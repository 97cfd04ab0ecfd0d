import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import type { Team } from "../../teams/team";
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
interface Waiting {
  team: Team;
  seen: number;
  answer: (beat: { lookupCode: string | null }) => void;
  fail: (error: unknown) => void;
}

export class PresenceWriter {
  private pending = new Map<string, number>();
  private flushing: Promise<void> | null = null;
  /** Heartbeats to be written before they are answered, and the write in progress. */
  private waiting = new Map<string, Waiting[]>();
  private writing: Promise<void> | null = null;

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
    const { lookupCode } = await new Promise<{ lookupCode: string | null }>((answer, fail) => {
      this.waiting.set(visitorId, [...(this.waiting.get(visitorId) ?? []), { team, seen: now, answer, fail }]);
      this.writing ??= this.writeWaiting(db);
    });
    this.pending.delete(visitorId);
    return { lookupCode, deferred: false };
  }

  /**
   * Writes the heartbeats that cannot wait, those that came in meanwhile together: after a restart, a
   * node knows no visitor, and writing each one's beat in a transaction of its own would not keep up. A
   * visitor the database keeps online keeps its code: one statement for all of them. The others come back
   * online (their code is checked under the team's lock) or are gone: written one by one.
   */
  private async writeWaiting(db: Db): Promise<void> {
    while (this.waiting.size) await this.writeBatch(db);
    // In the same turn as the last look at `waiting`: a heartbeat arriving after it starts a new write.
    this.writing = null;
  }

  /** Writes the heartbeats waiting now; answers or fails each of them, never throws. */
  private async writeBatch(db: Db): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    const seen = new Map([...batch].map(([visitorId, waiting]) => [visitorId, Math.max(...waiting.map((entry) => entry.seen))]));
    const settle = (visitorId: string, outcome: { lookupCode: string | null } | { error: unknown }) => {
      for (const entry of batch.get(visitorId)!) {
        if ("error" in outcome) entry.fail(outcome.error);
        else entry.answer(outcome);
      }
      batch.delete(visitorId);
    };
    try {
      const online = await this.write(db, seen, "online");
      for (const [visitorId, { lookupCode }] of online) settle(visitorId, { lookupCode });
    } catch (error) {
      for (const visitorId of [...batch.keys()]) settle(visitorId, { error });
      return;
    }
    await Promise.all(
      [...batch].map(async ([visitorId, waiting]) => {
        try {
          const { lookupCode } = await writeHeartbeat(db, waiting[0].team, visitorId, new Date(seen.get(visitorId)!));
          await this.knowledge.remember(new Map([[visitorId, { until: seen.get(visitorId)! + ONLINE_SECONDS * 1000, lookupCode }]]));
          settle(visitorId, { lookupCode });
        } catch (error) {
          settle(visitorId, { error });
        }
      }),
    );
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
      .then(() => undefined)
      .catch((error) => {
        for (const [visitorId, seen] of batch) if (!this.pending.has(visitorId)) this.pending.set(visitorId, seen);
        throw error;
      })
      .finally(() => (this.flushing = null));
    await this.flushing;
  }

  /**
   * One statement for many heartbeats: `seen` per visitor. "noted": a later event of the visitor (a leave, a
   * newer write) wins. "online": only visitors the database keeps online at their beat. Returns what it wrote.
   */
  private async write(db: Db, seen: Map<string, number>, only: "noted" | "online" = "noted"): Promise<Map<string, KnownPresence>> {
    const ids = [...seen.keys()];
    const times = ids.map((id) => new Date(seen.get(id)!).toISOString());
    const condition =
      only === "online" ? sql`visitors.online_until > beat.seen and visitors.last_seen_at <= beat.seen` : sql`visitors.last_seen_at < beat.seen`;
    const written = await db.execute<{ short_id: string; online_until: Date | string; lookup_code: string | null }>(sql`
      update visitors
      set last_seen_at = beat.seen, online_until = beat.seen + make_interval(secs => ${ONLINE_SECONDS})
      from unnest(${sql.param(ids)}::text[], ${sql.param(times)}::timestamptz[]) as beat(id, seen)
      where visitors.short_id = beat.id and ${condition}
      returning visitors.short_id, visitors.online_until, visitors.lookup_code`);
    const known = new Map(written.rows.map((row) => [row.short_id, { until: new Date(row.online_until).getTime(), lookupCode: row.lookup_code }]));
    await this.knowledge.remember(known);
    return known;
  }
}
