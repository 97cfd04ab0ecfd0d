import { EmptyState } from "@/components/ui/empty-state";
import { getDb } from "@/lib/db";
import { loadUsage } from "@/lib/console/usage/load-usage";
import { snapshotsOfRange } from "@/lib/console/usage/snapshot-store";
import { describeSeries, trendPoints, USAGE_RANGES, type UsageRange } from "@/lib/console/usage/snapshots";
import { TrendChart } from "./trend-chart";

/** Charts of visitors online and sessions ongoing over the range, from the recorded snapshots. */
export async function UsageTrends({ range }: { range: UsageRange }) {
  // Viewing the page records a snapshot when one is due; the charts read after it. The API being down
  // only means no new point: the cards say so, the history still shows.
  await loadUsage().catch(() => null);
  const { label } = USAGE_RANGES[range];
  const snapshots = await snapshotsOfRange(await getDb(), range);
  const points = trendPoints(snapshots, range);

  if (points.length < 2) {
    return (
      <EmptyState title="Not enough history for a trend yet">
        Trends appear as Tandem records usage every 5 minutes while it runs.{" "}
        {snapshots.length === 1 ? "One snapshot is recorded so far" : `${snapshots.length} snapshots are recorded so far`} in the last {label}; the charts show
        once there are two.
      </EmptyState>
    );
  }

  const visitors = points.map((point) => point.visitorsOnline);
  const sessions = points.map((point) => point.sessionsNow);
  const withinDay = range === "24h";
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TrendChart
        title="Visitors online"
        dataKey="visitorsOnline"
        points={points}
        withinDay={withinDay}
        color="var(--color-brand-500)"
        summary={`Visitors online over the last ${label}, ${points.length} points: ${describeSeries(visitors)}.`}
      />
      <TrendChart
        title="Sessions ongoing"
        dataKey="sessionsNow"
        points={points}
        withinDay={withinDay}
        color="#059669"
        summary={`Sessions ongoing over the last ${label}, ${points.length} points: ${describeSeries(sessions)}.`}
      />
    </div>
  );
}

export function UsageTrendsSkeleton() {
  return (
    <div role="status" aria-label="Loading usage trends" className="grid gap-4 lg:grid-cols-2">
      <div aria-hidden className="h-[290px] animate-pulse rounded-xl bg-zinc-200 dark:bg-zinc-800" />
      <div aria-hidden className="h-[290px] animate-pulse rounded-xl bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
