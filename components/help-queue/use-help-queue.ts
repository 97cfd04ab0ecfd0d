"use client";

import { refreshRead, useConsoleRead } from "@/components/console/use-console-read";
import { READ_ROUTES } from "@/lib/console/reads/routes";

export type { HelpQueueEntry } from "@/lib/console/reads/help-queue";

/** After a mutation of the queue (a claim, the alerts' preference): every reader asks again at once. */
export function refreshHelpQueue(): Promise<void> {
  return refreshRead(READ_ROUTES.helpQueue);
}
/** How often every console page checks for visitors asking for help. */
export const HELP_QUEUE_REFRESH_MS = 3_000;

/** One request shared by the navigation's count, the alerts and the Visitors page's queue. */
export function useHelpQueue() {
  // Polls in a background tab too: the alerts are for an agent who is looking elsewhere.
  return useConsoleRead(READ_ROUTES.helpQueue, undefined, { every: HELP_QUEUE_REFRESH_MS, refetchIntervalInBackground: true });
}
