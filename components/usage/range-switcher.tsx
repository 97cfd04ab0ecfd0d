import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { PendingLinkLabel } from "@/components/ui/pending-link-label";

export interface RangeOption {
  label: string;
  href: string;
  current: boolean;
}

/**
 * A choice of range as links, so the range is in the URL and works without JavaScript. The page keeps
 * showing the old range until the new one has rendered; the clicked label pulses meanwhile.
 */
export function RangeSwitcher({ label, options }: { label: string; options: RangeOption[] }) {
  return (
    <nav aria-label={label}>
      <ul className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700">
        {options.map((option) => (
          <li key={option.href}>
            <Link
              href={option.href}
              scroll={false}
              aria-current={option.current ? "page" : undefined}
              className={cn(
                "block rounded px-3 py-1 text-sm font-medium",
                option.current ? "bg-brand-600 text-white" : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
              )}
            >
              <PendingLinkLabel>{option.label}</PendingLinkLabel>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
