import type { Usage } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { usageSnapshots } from "@/lib/console/schema";
import { latestSnapshotAt } from "./snapshot-store";
import { SNAPSHOT_INTERVAL_MS } from "./snapshots";

const HOUR_MS = 3_600_000;
/** One demo snapshot a quarter of an hour: a few hundred rows, points enough for every range's chart. */
const STEP_MS = 15 * 60_000;

/** How busy a demo site is at an hour of the day (UTC): quiet at night, busiest mid-afternoon. */
function busyness(at: number): number {
  const hour = (at % (24 * HOUR_MS)) / HOUR_MS;
  return 0.15 + 0.85 * Math.max(0, Math.sin(((hour - 6) / 18) * Math.PI));
}

/** A figure that wobbles around its trend the same way on every demo: the step's index picks the wobble. */
const wobble = (step: number) => (((Math.sin(step * 12.9898) * 43_758.5453) % 1) + 1) % 1;

/** The demo's usage at one moment of its history. */
export function demoUsageAt(at: number, step: number): Usage {
  const busy = busyness(at);
  const online = Math.round(busy * 24 + wobble(step) * 6);
  const sessions = Math.round(busy * 3 + wobble(step + 1) * 1.6);
  const today = Math.round(20 + busy * 25);
  return {
    agents: { last_30_days: 5, today: Math.min(5, 1 + Math.round(busy * 4)) },
    session_counts: { last_30_days: 150 + Math.round(wobble(step + 2) * 10), now: sessions, today },
    session_seconds: { last_30_days: 150 * 540, today: today * 540 },
    visitors: { last_24_hrs: 180 + Math.round(busy * 60), online_now: online },
  };
}

/**
 * A new demo's Trends: `days` of usage history, a snapshot every quarter of an hour up to one recording
 * interval ago (so the recorder takes the next one at once). Only into a console that has recorded
 * nothing yet; the figures are made up, as the demo's visitors are.
 */
export async function seedDemoUsageHistory(db: Db, now = new Date(), days = 3): Promise<boolean> {
  if (await latestSnapshotAt(db)) return false;
  const end = now.getTime() - SNAPSHOT_INTERVAL_MS;
  const rows = [];
  for (let at = end - days * 24 * HOUR_MS, step = 0; at <= end; at += STEP_MS, step++) rows.push({ at: new Date(at), usage: demoUsageAt(at, step) });
  await db.insert(usageSnapshots).values(rows);
  return true;
}
