import { isApiError, type Usage } from "@/lib/client";
import { formatCount, formatDuration } from "@/lib/console/usage/format";
import { loadUsage } from "@/lib/console/usage/load-usage";
import { WidgetError } from "./widget-error";

/** The figures in the order of the cards: a label, what it counts, and its value in the API's usage. */
const FIGURES: Array<[label: string, hint: string, value: (usage: Usage) => string]> = [
  ["Agents today", "in the last 24 hours", (usage) => formatCount(usage.agents.today)],
  ["Agents, 30 days", "who co-browsed", (usage) => formatCount(usage.agents.last_30_days)],
  ["Sessions now", "ongoing", (usage) => formatCount(usage.session_counts.now)],
  ["Sessions today", "in the last 24 hours", (usage) => formatCount(usage.session_counts.today)],
  ["Sessions, 30 days", "started", (usage) => formatCount(usage.session_counts.last_30_days)],
  ["Session time today", "in the last 24 hours", (usage) => formatDuration(usage.session_seconds.today)],
  ["Session time, 30 days", "in total", (usage) => formatDuration(usage.session_seconds.last_30_days)],
  ["Visitors online now", "on your site", (usage) => formatCount(usage.visitors.online_now)],
  ["Visitors, 24 hours", "seen", (usage) => formatCount(usage.visitors.last_24_hrs)],
];

/** A card per usage figure, as the API reports them now. */
export async function UsageCards() {
  let usage: Usage;
  try {
    usage = await loadUsage();
  } catch (error) {
    if (!isApiError(error)) throw error;
    return <WidgetError title="Usage figures could not be loaded" error={error} />;
  }
  return (
    <ul aria-label="Usage figures" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      {FIGURES.map(([label, hint, value]) => (
        <li key={label} className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid="usage-figure">
          <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="usage-figure-value">
            {value(usage)}
          </p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{hint}</p>
        </li>
      ))}
    </ul>
  );
}

export function UsageCardsSkeleton() {
  return (
    <div role="status" aria-label="Loading usage figures" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      {Array.from({ length: 9 }, (_, i) => (
        <div key={i} aria-hidden className="h-[92px] animate-pulse rounded-xl bg-zinc-200 dark:bg-zinc-800" />
      ))}
    </div>
  );
}
