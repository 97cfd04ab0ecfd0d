"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { LazyHelpQueueCount } from "@/components/help-queue/lazy-help-queue-count";
import { cn } from "@/components/ui/cn";
import type { NavItem } from "@/lib/console/pages";

export function NavLinks({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((item) => {
        const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={current ? "page" : undefined}
              className={cn(
                "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium",
                current
                  ? "bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100"
                  : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
              )}
            >
              {item.label}
              {item.href === "/visitors" ? <LazyHelpQueueCount /> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
