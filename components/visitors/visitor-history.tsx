import { EmptyState } from "@/components/ui/empty-state";
import type { Pageview } from "@/lib/contract";
import { formatUtc } from "./format";
import { RelativeTime } from "./relative-time";

function duration(seconds: number | null | undefined): string | null {
  if (seconds == null) return null;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** Pageviews, latest first; every field may be missing. `history` undefined means collection is off. */
export function VisitorHistory({ history }: { history: Pageview[] | undefined }) {
  if (history === undefined) {
    return (
      <EmptyState title="History collection is off">
        The co-browsing API keeps no page history for this account, so there is nothing to show. It can be turned on in the account&apos;s settings.
      </EmptyState>
    );
  }
  if (history.length === 0) return <EmptyState title="No pages viewed yet" />;
  return (
    <ol aria-label="Pages viewed" className="relative flex flex-col gap-4 border-l border-zinc-200 pl-5 dark:border-zinc-800">
      {history.map((pageview, index) => {
        const spent = duration(pageview.duration_seconds);
        return (
          <li key={index} className="relative">
            <span aria-hidden className="absolute top-1.5 -left-[25px] h-2.5 w-2.5 rounded-full bg-brand-500" />
            <p className="font-medium">{pageview.title || pageview.url || "Untitled page"}</p>
            {pageview.url && pageview.title ? <p className="text-sm break-all text-zinc-600 dark:text-zinc-400">{pageview.url}</p> : null}
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {pageview.visited_at ? (
                <>
                  <RelativeTime value={pageview.visited_at} /> · {formatUtc(pageview.visited_at)}
                </>
              ) : (
                "Time unknown"
              )}
              {spent ? ` · ${spent} on the page` : ""}
              {pageview.referrer ? ` · from ${pageview.referrer}` : ""}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
