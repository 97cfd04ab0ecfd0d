import "server-only";
import { isApiError, type Usage } from "@/lib/client";
import { apiConnection } from "@/lib/console/api";
import { getDb, type Db } from "@/lib/db";
import { latestSnapshotAt, recordSnapshot } from "./snapshot-store";
import { shouldRecordSnapshot } from "./snapshots";

/** How often the background recorder checks whether a snapshot is due (it records at most every 5 minutes). */
const TICK_MS = 60_000;
const SLOT = Symbol.for("tandem.console.usageRecorder");
type Slot = { [SLOT]?: ReturnType<typeof setInterval> };

/** Where the recorder reads from: the console's database and the co-browsing API it is connected to. */
export interface UsageSource {
  getDb: () => Promise<Db>;
  getUsage: () => Promise<Usage>;
}

const connectedSource: UsageSource = { getDb, getUsage: () => apiConnection().cloud.getUsage() };

/** Stores a snapshot when one is due; the API is asked only then, not on every tick. */
export async function recordUsageIfDue(source: UsageSource, now = new Date()): Promise<boolean> {
  const db = await source.getDb();
  if (!shouldRecordSnapshot(await latestSnapshotAt(db), now)) return false;
  return recordSnapshot(db, await source.getUsage(), now);
}

/**
 * Starts, once per process, the timer that records usage every 5 minutes while the app runs, so the
 * charts have a history even when nobody looks at them. Called at start-up (lib/boot.ts, never during
 * `next build`); the slot on globalThis keeps it to one timer when several bundles load this module.
 * The timer is unref'd so it never keeps a stopping process alive.
 */
export function startUsageRecorder(source: UsageSource = connectedSource, tickMs = TICK_MS): void {
  const slot = globalThis as Slot;
  if (slot[SLOT]) return;
  let lastFailure: string | null = null;
  let running = false;
  const tick = async () => {
    // A slow database or API must not let the next tick ask again before this one stored its snapshot.
    if (running) return;
    running = true;
    try {
      await recordUsageIfDue(source);
      lastFailure = null;
    } catch (error) {
      // The API being down for a while is expected: say so once, not every minute.
      const message = isApiError(error) ? `${error.kind}: ${error.message}` : String(error);
      if (message !== lastFailure) console.warn(`Usage snapshot skipped (${message})`);
      lastFailure = message;
    } finally {
      running = false;
    }
  };
  slot[SLOT] = setInterval(() => void tick(), tickMs);
  slot[SLOT].unref?.();
}

/** Stops the timer (tests; a process that stops does not need it). */
export function stopUsageRecorder(): void {
  const slot = globalThis as Slot;
  clearInterval(slot[SLOT]);
  delete slot[SLOT];
}
