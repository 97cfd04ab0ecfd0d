import { logFailure } from "@/lib/availability/unavailable";
import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db";
import { sessions, visitors } from "../core/schema";
import { visitorsLockedInOrder } from "../visitors/ingest/locked-visitor";
import { notBefore, onlineUntilFrom } from "../visitors/ingest/presence";

/**
 * What open live streams keep true in the database: a visitor holding its stream stays online, and a
 * session a watch page is open on stays attended (a session no agent attends for a minute ends). One
 * beat per app node writes them all in two statements, however many streams the node holds.
 */
export const PRESENCE_BEAT_MS = 10_000;

type OnEnded = (reason: string) => void;

interface PresenceState {
  /** Visitor id → how many of its streams this node holds. */
  visitors: Map<string, number>;
  /** Session id → what each open watch page does when it learns the session ended elsewhere. */
  watched: Map<string, Set<OnEnded>>;
  timer?: NodeJS.Timeout;
}

// Every bundle of the process shares one beat.
const slot = Symbol.for("tandem.live-stream-presence");

function state(): PresenceState {
  const holder = globalThis as { [slot]?: PresenceState };
  holder[slot] ??= { visitors: new Map(), watched: new Map() };
  return holder[slot];
}

function startBeating(current: PresenceState): void {
  current.timer ??= setInterval(() => {
    void getDb()
      .then(beatPresence)
      .catch((error) => logFailure("live: writing the streams' presence failed", error));
  }, PRESENCE_BEAT_MS);
  current.timer.unref();
}

function stopBeatingWhenIdle(current: PresenceState): void {
  if (current.visitors.size || current.watched.size || !current.timer) return;
  clearInterval(current.timer);
  current.timer = undefined;
}

/** Keeps the visitor online while its stream is open; returns the stream's release. */
export function holdVisitorOnline(visitorId: string): () => void {
  const current = state();
  current.visitors.set(visitorId, (current.visitors.get(visitorId) ?? 0) + 1);
  startBeating(current);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (current.visitors.get(visitorId) ?? 1) - 1;
    if (left > 0) current.visitors.set(visitorId, left);
    else current.visitors.delete(visitorId);
    stopBeatingWhenIdle(current);
  };
}

/** Keeps the session attended while a watch page is open on it; `onEnded` runs if it ended elsewhere. */
export function attendSession(sessionId: string, onEnded: OnEnded): () => void {
  const current = state();
  const pages = current.watched.get(sessionId) ?? new Set<OnEnded>();
  pages.add(onEnded);
  current.watched.set(sessionId, pages);
  startBeating(current);
  return () => {
    pages.delete(onEnded);
    if (!pages.size && current.watched.get(sessionId) === pages) current.watched.delete(sessionId);
    stopBeatingWhenIdle(current);
  };
}

/** The visitors holding a stream stay online another window (their rows locked in order, as heartbeats lock them). */
export async function markVisitorsOnline(db: Db, visitorIds: string[], now = new Date()): Promise<void> {
  if (!visitorIds.length) return;
  await db.execute(sql`
    with locked as ${visitorsLockedInOrder(visitorIds)}
    update visitors set last_seen_at = ${notBefore(visitors.lastSeenAt, now)}, online_until = ${notBefore(visitors.onlineUntil, onlineUntilFrom(now))}
    from locked where visitors.short_id = locked.short_id`);
}

/** The sessions a watch page is open on are attended now; returns those still ongoing. */
export async function markSessionsAttended(db: Db, sessionIds: string[], now = new Date()): Promise<Set<string>> {
  if (!sessionIds.length) return new Set();
  const attended = await db
    .update(sessions)
    .set({ agentSeenAt: now })
    .where(and(inArray(sessions.id, sessionIds), eq(sessions.status, "ongoing")))
    .returning({ id: sessions.id });
  return new Set(attended.map((row) => row.id));
}

/**
 * One beat: the visitors online, the watched sessions attended; a watched session found ended (by another
 * app node, or the sweeper, whose news the relay may have missed) is told to its watch pages.
 */
export async function beatPresence(db: Db): Promise<void> {
  const current = state();
  const now = new Date();
  await markVisitorsOnline(db, [...current.visitors.keys()], now);
  const sessionIds = [...current.watched.keys()];
  const ongoing = await markSessionsAttended(db, sessionIds, now);
  const gone = sessionIds.filter((id) => !ongoing.has(id));
  if (!gone.length) return;
  const ended = await db.select({ id: sessions.id, endReason: sessions.endReason }).from(sessions).where(inArray(sessions.id, gone));
  const reasons = new Map(ended.map((row) => [row.id, row.endReason ?? "api"]));
  for (const id of gone) for (const onEnded of [...(current.watched.get(id) ?? [])]) onEnded(reasons.get(id) ?? "api");
}
