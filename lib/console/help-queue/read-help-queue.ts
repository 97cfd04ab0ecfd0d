import "server-only";
import type { Visitor } from "@/lib/contract";
import { getDb } from "@/lib/db";
import { apiConnection } from "../api";
import type { HelpQueueEntry } from "../reads/help-queue";
import { searchVisitors } from "../visitors/read-visitors";
import { VISITORS_MAX_RESULTS } from "../visitors/query-values";
import { syncHelpRequests, type WaitingVisitor } from "./help-requests";

/** A visitor waiting for a call who is online and not yet in a session (the hosted service may be slower to clear it). */
export function isAskingForHelp(visitor: Visitor): boolean {
  return visitor.is_waiting_for_call === true && visitor.is_online !== false && visitor.is_in_session !== true;
}

export function waitingVisitor(visitor: Visitor): WaitingVisitor {
  const since = visitor.waiting_since ? new Date(visitor.waiting_since) : null;
  return { id: visitor.short_id, waitingSince: since && !Number.isNaN(since.getTime()) ? since : null };
}

/**
 * The list API's search for the queue. The embedded service answers `waiting` (its own token: visitors
 * asking for help, oldest first), so that no number of visitors online, which anyone with the public key
 * can register, hides a request. Other APIs know only `online`: the newest 500 online visitors.
 */
function helpQueueSearch(): string {
  return apiConnection().mode === "embedded" ? "waiting online" : "online";
}

/**
 * Visitors asking for help, oldest first, with who took each: what the list API answers to the queue's
 * search, filtered on `is_waiting_for_call`; the claims are the console's own.
 */
export async function readHelpQueue(): Promise<HelpQueueEntry[]> {
  const readAt = new Date();
  const waiting = (await searchVisitors(helpQueueSearch(), VISITORS_MAX_RESULTS)).filter(isAskingForHelp);
  const records = await syncHelpRequests(await getDb(), waiting.map(waitingVisitor), readAt);
  const byId = new Map(waiting.map((visitor) => [visitor.short_id, visitor]));
  return records.flatMap((record) => {
    const visitor = byId.get(record.visitorId);
    return visitor ? [{ visitor, requestedAt: record.requestedAt.toISOString(), claimedBy: record.claimedBy }] : [];
  });
}
