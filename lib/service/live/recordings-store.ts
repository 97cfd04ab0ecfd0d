import "server-only";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { recordingChunks } from "../core/schema";
import type { RecordedEvent } from "@/lib/contract";
import { logUnavailable } from "@/lib/availability/unavailable";

/** Buffered events are written as one chunk once this many have come… */
export const FLUSH_EVENTS = 500;
/** …or this long after the first of them came, so another node soon sees them. */
export const FLUSH_AFTER_MS = 1_000;
/** What a session's buffer keeps while the database cannot take its chunks; past it the oldest go, counted. */
export const MAX_BUFFERED_EVENTS = 20_000;

const compress = promisify(gzip);
const decompress = promisify(gunzip);

/**
 * Recorded sessions, kept in the database so every app node can end a session or replay it, whichever
 * node received its events. Each node buffers what it receives and writes it as compressed chunks.
 */
export class RecordingStore {
  private readonly buffers = new Map<string, { events: RecordedEvent[]; timer: NodeJS.Timeout }>();
  // This node's chunk writes per session, one after the other: a read or a finish waits for them.
  private readonly writes = new Map<string, Promise<void>>();

  constructor(private readonly getDb: () => Promise<Db>) {}

  /** Events dropped because the database could not take them for too long. */
  dropped = 0;

  async append(sessionId: string, events: RecordedEvent[]): Promise<void> {
    if (!events.length) return;
    const buffer = this.bufferOf(sessionId);
    buffer.events.push(...events);
    this.bound(buffer.events);
    if (buffer.events.length >= FLUSH_EVENTS) await this.flush(sessionId);
  }

  private bufferOf(sessionId: string) {
    let buffer = this.buffers.get(sessionId);
    if (!buffer) {
      const timer = setTimeout(
        () => void this.flush(sessionId).catch((error) => logUnavailable("recording: writing events failed (kept to write again)", error)),
        FLUSH_AFTER_MS,
      );
      timer.unref();
      buffer = { events: [], timer };
      this.buffers.set(sessionId, buffer);
    }
    return buffer;
  }

  private bound(events: RecordedEvent[]): void {
    const excess = events.length - MAX_BUFFERED_EVENTS;
    if (excess <= 0) return;
    events.splice(0, excess);
    this.dropped += excess;
    console.error(`recording: ${this.dropped} events dropped so far, the database taking none for too long`);
  }

  /** Writes what this node still buffers: the session ended. */
  async finish(sessionId: string): Promise<void> {
    await this.flush(sessionId);
  }

  /** Writes what every session still buffers: the app node is stopping. */
  async flushAll(): Promise<void> {
    await Promise.all([...this.buffers.keys()].map((sessionId) => this.flush(sessionId)));
  }

  /**
   * The session's stored chunks in order, then what this node still buffers; null when nothing was
   * recorded. Chunks of two nodes may interleave by a second: the replayer orders events by timestamp.
   */
  async read(sessionId: string): Promise<RecordedEvent[] | null> {
    await this.writes.get(sessionId)?.catch(() => undefined);
    const db = await this.getDb();
    const rows = await db
      .select({ events: recordingChunks.events })
      .from(recordingChunks)
      .where(eq(recordingChunks.sessionId, sessionId))
      .orderBy(asc(recordingChunks.id));
    const stored = await Promise.all(rows.map(async (row) => JSON.parse((await decompress(row.events)).toString("utf8")) as RecordedEvent[]));
    const buffered = this.buffers.get(sessionId)?.events ?? [];
    return stored.length || buffered.length ? [...stored.flat(), ...buffered] : null;
  }

  private flush(sessionId: string): Promise<void> {
    const buffer = this.buffers.get(sessionId);
    const previous = this.writes.get(sessionId);
    // A failure of an earlier write was its own caller's to report: this one only waits for it.
    if (!buffer) return previous?.catch(() => undefined) ?? Promise.resolve();
    clearTimeout(buffer.timer);
    this.buffers.delete(sessionId);
    const write = (previous ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.write(sessionId, buffer.events))
      .catch((error: unknown) => {
        // Not written: back before what came since, and written again at the buffer's next flush.
        const again = this.bufferOf(sessionId);
        again.events.unshift(...buffer.events);
        this.bound(again.events);
        throw error;
      });
    this.writes.set(sessionId, write);
    const forget = () => {
      if (this.writes.get(sessionId) === write) this.writes.delete(sessionId);
    };
    write.then(forget, forget);
    return write;
  }

  private async write(sessionId: string, events: RecordedEvent[]): Promise<void> {
    const chunk = await compress(JSON.stringify(events));
    const db = await this.getDb();
    await db.insert(recordingChunks).values({ sessionId, events: chunk });
  }
}
