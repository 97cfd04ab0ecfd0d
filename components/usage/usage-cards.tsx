import { isApiError, type Usage } from "@/lib/client";
import { formatCount, formatDuration } from "@/lib/console/usage/format";
import { loadUsage } from "@/lib/console/usage/load-usage";
import { WidgetError } from "./widget-error";

interface Figure {
  label: string;
  value: string;
  hint: string;
}

function figures(usage: Usage): Array<{ group: string; items: Figure[] }> {
  return [
    {
      group: "Agents",
      items: [
        { label: "Agents today", value: formatCount(usage.agents.today), hint: "in the last 24 hours" },
        { label: "Agents, 30 days", value: formatCount(usage.agents.last_30_days), hint: "who co-browsed" },
      ],
    },
    {
      group: "Sessions",
      items: [
        { label: "Sessions now", value: formatCount(usage.session_counts.now), hint: "ongoing" },
        { label: "Sessions today", value: formatCount(usage.session_counts.today), hint: "in the last 24 hours" },
        { label: "Sessions, 30 days", value: formatCount(usage.session_counts.last_30_days), hint: "started" },
      ],
    },
    {
      group: "Session time",
      items: [
        { label: "Session time today", value: formatDuration(usage.session_seconds.today), hint: "in the last 24 hours" },
        { label: "Session time, 30 days", value: formatDuration(usage.session_seconds.last_30_days), hint: "in total" },
      ],
    },
    {
      group: "Visitors",
      items: [
        { label: "Visitors online now", value: formatCount(usage.visitors.online_now), hint: "on your site" },
        { label: "Visitors, 24 hours", value: formatCount(usage.visitors.last_24_hrs), hint: "seen" },
      ],
    },
  ];
}

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
      {figures(usage).flatMap(({ items }) =>
        items.map((figure) => (
          <li
            key={figure.label}
            className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
            data-testid="usage-figure"
          >
            <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{figure.label}</p>
            <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="usage-figure-value">
              {figure.value}
            </p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{figure.hint}</p>
          </li>
        )),
      )}
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
