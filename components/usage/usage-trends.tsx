import { EmptyState } from "@/components/ui/empty-state";
import { getDb } from "@/lib/db";
import { loadUsage } from "@/lib/console/usage/load-usage";
import { snapshotsOfRange } from "@/lib/console/usage/snapshot-store";
import { describeSeries, trendPoints, USAGE_RANGES, type UsageRange } from "@/lib/console/usage/snapshots";
import { ChartPair, ChartPairSkeleton } from "./chart-figure";
import { TrendChart } from "./trend-chart";

const TRENDS = [
  { title: "Visitors online", dataKey: "visitorsOnline", color: "var(--color-brand-500)" },
  { title: "Sessions ongoing", dataKey: "sessionsNow", color: "#059669" },
] as const;

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

  return (
    <ChartPair>
      {TRENDS.map((trend) => (
        <TrendChart
          key={trend.dataKey}
          {...trend}
          points={points}
          withinDay={range === "24h"}
          summary={`${trend.title} over the last ${label}, ${points.length} points: ${describeSeries(points.map((point) => point[trend.dataKey]))}.`}
        />
      ))}
    </ChartPair>
  );
}

export function UsageTrendsSkeleton() {
  return <ChartPairSkeleton label="Loading usage trends" />;
}
