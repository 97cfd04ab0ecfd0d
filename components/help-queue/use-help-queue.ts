"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchConsoleJson, pollEvery } from "@/components/console/polling";
import { consoleQueryClient } from "@/components/console/query-client";
import type { Visitor } from "@/lib/contract";

export interface HelpQueueEntry {
  visitor: Visitor;
  requestedAt: string;
  claimedBy: { id: string; name: string } | null;
}

export interface HelpQueue {
  requests: HelpQueueEntry[];
  /** The signed-in user's preference: a sound and a notification for each new request. */
  alerts: boolean;
  /** The signed-in user's id, to tell one's own claims from others'. */
  me: string;
}

/** The help queue's route handler. */
export const HELP_QUEUE_URL = "/api/console/help-queue";
/** Its query key: invalidating it refreshes every reader. */
export const HELP_QUEUE_KEY = ["help-queue"] as const;

/** After a mutation of the queue (a claim, the alerts' preference): every reader asks again at once. */
export function refreshHelpQueue(): Promise<void> {
  return consoleQueryClient().invalidateQueries({ queryKey: HELP_QUEUE_KEY });
}
/** How often every console page checks for visitors asking for help. */
export const HELP_QUEUE_REFRESH_MS = 3_000;

/** One request shared by the navigation's count, the alerts and the Visitors page's queue. */
export function useHelpQueue() {
  // Polls in a background tab too: the alerts are for an agent who is looking elsewhere.
  return useQuery(
    {
      queryKey: HELP_QUEUE_KEY,
      queryFn: () => fetchConsoleJson<HelpQueue>(HELP_QUEUE_URL),
      ...pollEvery(HELP_QUEUE_REFRESH_MS),
      refetchIntervalInBackground: true,
    },
    consoleQueryClient(),
  );
}
