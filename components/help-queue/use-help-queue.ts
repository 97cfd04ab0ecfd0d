"use client";

import { useQuery } from "@tanstack/react-query";
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

export const HELP_QUEUE_KEY = ["help-queue"] as const;
/** How often every console page checks for visitors asking for help. */
export const HELP_QUEUE_REFRESH_MS = 3_000;

async function fetchHelpQueue(): Promise<HelpQueue> {
  const response = await fetch("/api/console/help-queue", { headers: { accept: "application/json" } });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.message ?? `The console answered ${response.status}.`);
  return body as HelpQueue;
}

/** One query shared by the navigation's count, the alerts and the Visitors page's queue. */
export function useHelpQueue() {
  return useQuery({ queryKey: HELP_QUEUE_KEY, queryFn: fetchHelpQueue, refetchInterval: HELP_QUEUE_REFRESH_MS, refetchIntervalInBackground: true });
}
