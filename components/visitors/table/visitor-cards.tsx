import { cn } from "@/components/ui/cn";
import type { Visitor } from "@/lib/contract";
import { RelativeTime } from "../relative-time";
import { VisitorBadges, visitorDevice, visitorLocation } from "../visitor-badges";
import { VisitorIdentity, VisitorPage, VisitorQuickAction } from "./columns";

/** The Visitors list as cards: the same cells as the table's columns, stacked to fit a narrow screen. */
export function VisitorCards({ visitors, className }: { visitors: Visitor[]; className?: string }) {
  return (
    <ul aria-label="Visitors" className={cn("flex flex-col gap-3", className)}>
      {visitors.map((visitor) => (
        <li
          key={visitor.short_id}
          data-visitor-id={visitor.short_id}
          className="flex min-w-0 flex-col gap-2 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <VisitorBadges visitor={visitor} />
            <span className="text-xs text-zinc-600 dark:text-zinc-400">
              Seen <RelativeTime value={visitor.last_seen_at} />
            </span>
          </div>
          <VisitorIdentity visitor={visitor} />
          <VisitorPage visitor={visitor} />
          <p className="text-xs break-words text-zinc-600 dark:text-zinc-400">
            {visitorLocation(visitor)} · {visitorDevice(visitor)}
          </p>
          <VisitorQuickAction visitor={visitor} />
        </li>
      ))}
    </ul>
  );
}
