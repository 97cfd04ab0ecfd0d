import { formatRelative } from "@/lib/console/relative-time";
import { formatUtc } from "./format";

/** A relative time with the exact UTC time in its title (server and browser clocks may differ by a second). */
export function RelativeTime({ value }: { value: string | null | undefined }) {
  if (!value) return <span className="text-zinc-500 dark:text-zinc-400">—</span>;
  return (
    <time dateTime={value} title={formatUtc(value)} suppressHydrationWarning>
      {formatRelative(value)}
    </time>
  );
}
