"use client";

import { useHelpQueue } from "./use-help-queue";

/** The navigation's count of visitors asking for help; nothing while none does. */
export function HelpQueueCount() {
  const { data } = useHelpQueue();
  const count = data?.requests.length ?? 0;
  if (count === 0) return null;
  return (
    <span
      data-testid="help-queue-count"
      className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-amber-600 px-1.5 py-0.5 text-xs font-semibold text-white dark:bg-amber-500 dark:text-zinc-950"
    >
      {count}
      <span className="sr-only">{count === 1 ? " visitor asking for help" : " visitors asking for help"}</span>
    </span>
  );
}
