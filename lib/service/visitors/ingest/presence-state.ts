import "server-only";
import { getDb } from "@/lib/db";
import { sharedRedis } from "@/lib/redis";
import { InProcessPresenceKnowledge, RedisPresenceKnowledge } from "./presence-knowledge";
import { FLUSH_EVERY_MS, PresenceWriter } from "./presence-writer";

const slot = Symbol.for("tandem.presence-writer");
type Holder = { [slot]?: PresenceWriter };

/** The process's presence writer: what it knows is in Redis when app nodes share one, else in this process. */
export function presenceWriter(): PresenceWriter {
  const holder = globalThis as Holder;
  if (!holder[slot]) {
    const redis = sharedRedis();
    holder[slot] = new PresenceWriter(redis ? new RedisPresenceKnowledge(redis) : new InProcessPresenceKnowledge());
  }
  return holder[slot];
}

/** Flushes the noted heartbeats every FLUSH_EVERY_MS; returns what stops it, writing the last ones first. */
export function startPresenceFlushes(): () => Promise<void> {
  const flush = () =>
    getDb()
      .then((db) => presenceWriter().flush(db))
      .catch((error) => console.error("Writing visitors' heartbeats failed (kept for the next flush):", error));
  const timer = setInterval(() => void flush(), FLUSH_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await flush();
  };
}
