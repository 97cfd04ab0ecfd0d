import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { USAGE_RANGES, type UsageRange } from "@/lib/console/usage/snapshots";

/** 24 hours / 7 days / 30 days: links, so the range is in the URL and works without JavaScript. */
export function RangeSwitcher({ current }: { current: UsageRange }) {
  return (
    <nav aria-label="Trend range">
      <ul className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700">
        {(Object.keys(USAGE_RANGES) as UsageRange[]).map((range) => (
          <li key={range}>
            <Link
              href={`/usage?range=${range}`}
              scroll={false}
              aria-current={range === current ? "page" : undefined}
              className={cn(
                "block rounded px-3 py-1 text-sm font-medium",
                range === current ? "bg-brand-600 text-white" : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
              )}
            >
              {USAGE_RANGES[range].label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
