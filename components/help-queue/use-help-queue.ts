"use client";

import useSWR from "swr";
import { fetchConsoleJson, pollEvery } from "@/components/console/polling";
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

/** The help queue's route handler, also its SWR key: `mutate(HELP_QUEUE_URL)` refreshes every reader. */
export const HELP_QUEUE_URL = "/api/console/help-queue";
/** How often every console page checks for visitors asking for help. */
export const HELP_QUEUE_REFRESH_MS = 3_000;

/** One request shared by the navigation's count, the alerts and the Visitors page's queue. */
export function useHelpQueue() {
  // Polls in a background tab too: the alerts are for an agent who is looking elsewhere.
  return useSWR<HelpQueue, Error>(HELP_QUEUE_URL, fetchConsoleJson, { ...pollEvery(HELP_QUEUE_REFRESH_MS), refreshWhenHidden: true });
}
