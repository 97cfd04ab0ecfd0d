import type { Usage } from "@/lib/contract";

/** The console records usage at most this often: the resolution of the trend charts. */
export const SNAPSHOT_INTERVAL_MS = 5 * 60_000;

/** Whether a snapshot is due: none yet, or the latest is at least one interval old (or in the future: a clock moved back). */
export function shouldRecordSnapshot(latestAt: Date | null, now: Date, intervalMs = SNAPSHOT_INTERVAL_MS): boolean {
  if (!latestAt) return true;
  const age = now.getTime() - latestAt.getTime();
  return age >= intervalMs || age < -intervalMs;
}

export const USAGE_RANGES = {
  "24h": { label: "24 hours", ms: 24 * 3_600_000, bucketMs: 5 * 60_000 },
  "7d": { label: "7 days", ms: 7 * 86_400_000, bucketMs: 30 * 60_000 },
  "30d": { label: "30 days", ms: 30 * 86_400_000, bucketMs: 2 * 3_600_000 },
} as const;

export type UsageRange = keyof typeof USAGE_RANGES;

export interface UsageSnapshot {
  at: Date;
  usage: Usage;
}

/** One point of a trend chart: the mean of the snapshots in its bucket. */
export interface TrendPoint {
  at: string;
  visitorsOnline: number;
  sessionsNow: number;
}

/** Snapshots averaged per bucket of the range (5 min, 30 min or 2 h), oldest first, so a chart stays a few hundred points. */
export function trendPoints(snapshots: readonly UsageSnapshot[], range: UsageRange): TrendPoint[] {
  const { bucketMs } = USAGE_RANGES[range];
  const buckets = new Map<number, { visitors: number; sessions: number; n: number }>();
  for (const snapshot of snapshots) {
    const key = Math.floor(snapshot.at.getTime() / bucketMs) * bucketMs;
    const bucket = buckets.get(key) ?? { visitors: 0, sessions: 0, n: 0 };
    bucket.visitors += snapshot.usage.visitors.online_now;
    bucket.sessions += snapshot.usage.session_counts.now;
    bucket.n += 1;
    buckets.set(key, bucket);
  }
  const round = (value: number) => Math.round(value * 10) / 10;
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([key, bucket]) => ({
      at: new Date(key).toISOString(),
      visitorsOnline: round(bucket.visitors / bucket.n),
      sessionsNow: round(bucket.sessions / bucket.n),
    }));
}

/** "from 3 to 12, latest 12": what a screen reader hears instead of the chart. */
export function describeSeries(values: readonly number[]): string {
  if (values.length === 0) return "no data";
  const min = Math.min(...values);
  const max = Math.max(...values);
  const latest = values[values.length - 1];
  return min === max ? `steady at ${min}` : `between ${min} and ${max}, latest ${latest}`;
}
