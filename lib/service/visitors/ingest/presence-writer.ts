import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import type { Team } from "../../teams/team";
import { visitorsLockedInOrder } from "./locked-visitor";
import { ONLINE_SECONDS } from "./presence";
import { writeHeartbeat } from "./write-heartbeat";

/**
 * How long the first heartbeat after a quiet moment waits for others to join its write: fewer, fuller
 * statements (the database's cost is mostly per statement), for a fiftieth of a second on a beat. Under
 * load the writes follow each other without a pause, each taking the beats that came during the last.
 */
export const GATHER_MS = 20;

interface Waiting {
  team: Team;
  seen: number;
  answer: (beat: { lookupCode: string | null }) => void;
  fail: (error: unknown) => void;
}

/**
 * Visitors' heartbeats, most of the service's traffic, written together: a heartbeat is answered once it
 * is written (an acknowledged beat is never lost, whatever happens to the node after), and the beats that
 * arrive while a write runs (or in the GATHER_MS before it) are written by the next one, all at once. A
 * visitor the database keeps online keeps its lookup code: one statement for all of those. The others come
 * back online (their code checked again under the team's lock) or are gone: written one by one. When the
 * write fails (the database cannot serve), every beat waiting on it is refused with the error: nothing is
 * kept to write later.
 */
export class PresenceWriter {
  private waiting = new Map<string, Waiting[]>();
  private writing: Promise<void> | null = null;

  constructor(private readonly clock: () => number = Date.now) {}

  beat(db: Db, team: Team, visitorId: string): Promise<{ lookupCode: string | null }> {
    return new Promise((answer, fail) => {
      this.waiting.set(visitorId, [...(this.waiting.get(visitorId) ?? []), { team, seen: this.clock(), answer, fail }]);
      this.writing ??= new Promise((gathered) => setTimeout(gathered, GATHER_MS)).then(() => this.writeWaiting(db));
    });
  }

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
      for (const [visitorId, lookupCode] of await this.writeOnline(db, seen)) settle(visitorId, { lookupCode });
    } catch (error) {
      for (const visitorId of [...batch.keys()]) settle(visitorId, { error });
      return;
    }
    await Promise.all(
      [...batch].map(async ([visitorId, waiting]) => {
        try {
          settle(visitorId, await writeHeartbeat(db, waiting[0].team, visitorId, new Date(seen.get(visitorId)!)));
        } catch (error) {
          settle(visitorId, { error });
        }
      }),
    );
  }

  /**
   * One statement for the beats of the visitors the database keeps online at their beat, and whose row no
   * later event (a leave, a newer beat) moved past it; their lookup codes, by visitor.
   */
  private async writeOnline(db: Db, seen: Map<string, number>): Promise<Map<string, string | null>> {
    const ids = [...seen.keys()];
    const times = ids.map((id) => new Date(seen.get(id)!).toISOString());
    const written = await db.execute<{ short_id: string; lookup_code: string | null }>(sql`
      with locked as ${visitorsLockedInOrder(ids)}
      update visitors
      set last_seen_at = beat.seen, online_until = beat.seen + make_interval(secs => ${ONLINE_SECONDS})
      from locked, unnest(${sql.param(ids)}::text[], ${sql.param(times)}::timestamptz[]) as beat(id, seen)
      where visitors.short_id = locked.short_id and visitors.short_id = beat.id
        and visitors.online_until > beat.seen and visitors.last_seen_at <= beat.seen
      returning visitors.short_id, visitors.lookup_code`);
    return new Map(written.rows.map((row) => [row.short_id, row.lookup_code]));
  }
}
