import type { Redis, RedisStatus } from "ioredis";
import { LRUCache } from "lru-cache";

/** What the database holds of a visitor's presence: its online_until (or a later one), and its lookup code. */
export interface KnownPresence {
  until: number;
  lookupCode: string | null;
}

/**
 * What the app nodes know the database holds of visitors' presence, so that a heartbeat of a visitor
 * the database already keeps online for a while needs no write of its own. Every value is one the
 * database held at some moment (online_until only grows, but at a leave, which forgets it here): a
 * lower bound, which is all the heartbeat's rule needs (lib/service/visitors/ingest/presence-writer.ts).
 */
export interface PresenceKnowledge {
  get(visitorId: string): Promise<KnownPresence | null>;
  remember(entries: Map<string, KnownPresence>): Promise<void>;
  forget(visitorId: string): Promise<void>;
}

/** One app node: kept in this process. */
export class InProcessPresenceKnowledge implements PresenceKnowledge {
  private readonly known = new LRUCache<string, KnownPresence>({ max: 500_000 });

  async get(visitorId: string): Promise<KnownPresence | null> {
    const entry = this.known.get(visitorId);
    return entry && entry.until > Date.now() ? entry : null;
  }

  async remember(entries: Map<string, KnownPresence>): Promise<void> {
    const now = Date.now();
    for (const [visitorId, entry] of entries) if (entry.until > now) this.known.set(visitorId, entry, { ttl: entry.until - now });
  }

  async forget(visitorId: string): Promise<void> {
    this.known.delete(visitorId);
  }
}

const LOST: RedisStatus[] = ["close", "reconnecting", "end"];
const keyOf = (visitorId: string) => `tandem:presence:${visitorId}`;

/**
 * Several app nodes: kept in Redis, where a visitor's heartbeats meet whichever node takes them. A key
 * per visitor expires with what it knows. While Redis is unreachable nothing is known: every heartbeat
 * is then written at once, as before this knowledge existed.
 */
export class RedisPresenceKnowledge implements PresenceKnowledge {
  private failing = false;

  constructor(private readonly redis: Redis) {}

  async get(visitorId: string): Promise<KnownPresence | null> {
    const value = await this.attempt(() => this.redis.get(keyOf(visitorId)));
    if (!value) return null;
    const [until, lookupCode] = value.split("|");
    return Number(until) > Date.now() ? { until: Number(until), lookupCode: lookupCode || null } : null;
  }

  async remember(entries: Map<string, KnownPresence>): Promise<void> {
    const now = Date.now();
    const pipeline = this.redis.pipeline();
    for (const [visitorId, { until, lookupCode }] of entries) if (until > now) pipeline.set(keyOf(visitorId), `${until}|${lookupCode ?? ""}`, "PXAT", until);
    await this.attempt(() => pipeline.exec());
  }

  async forget(visitorId: string): Promise<void> {
    await this.attempt(() => this.redis.del(keyOf(visitorId)));
  }

  private async attempt<T>(command: () => Promise<T>): Promise<T | null> {
    try {
      if (LOST.includes(this.redis.status)) throw new Error(`the Redis connection is ${this.redis.status}`);
      const result = await command();
      this.failing = false;
      return result;
    } catch (error) {
      if (!this.failing) console.error("Presence knowledge unavailable, writing every heartbeat:", error);
      this.failing = true;
      return null;
    }
  }
}
