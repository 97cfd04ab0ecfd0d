import type { Session } from "@/lib/contract";
import type { Role } from "@/lib/console/auth/roles";

const DAY_MS = 86_400_000;

export interface AgentUsageRow {
  /** Empty on the "Other agents" row. */
  email: string;
  name: string;
  /** Null on the "Other agents" row: sessions held by agents who are not console users. */
  role: Role | null;
  sessions: number;
  seconds: number;
  /** The average of the visitors' ratings of these sessions; null when none was given. */
  rating: RatingSummary | null;
  /** The agents' own ratings of these sessions, apart: they do not count in `rating`. */
  ownRating: RatingSummary | null;
  /** False when the API has no agent with this email yet (shown as 0, not as an error). */
  known: boolean;
}

export interface RatingSummary {
  average: number;
  count: number;
}

/**
 * The average of the ratings `from` the visitors (what an agent's average means) or the agents
 * themselves, on sessions that started in the last `days` days.
 */
export function averageRating(
  sessions: readonly Pick<Session, "started_at" | "quality_feedback">[],
  now: Date,
  from: "visitor" | "agent" = "visitor",
  days = 30,
): RatingSummary | null {
  const since = now.getTime() - days * DAY_MS;
  let count = 0;
  let total = 0;
  for (const session of sessions) {
    if (Date.parse(session.started_at) < since) continue;
    for (const entry of session.quality_feedback) {
      if (entry.from !== from) continue;
      count += 1;
      total += entry.rating;
    }
  }
  return count ? { average: total / count, count } : null;
}

/** Sessions that started in the last `days` days, and their total length. */
export function summarizeSessions(
  sessions: readonly Pick<Session, "started_at" | "length_seconds">[],
  now: Date,
  days = 30,
): { sessions: number; seconds: number } {
  const since = now.getTime() - days * DAY_MS;
  let count = 0;
  let seconds = 0;
  for (const session of sessions) {
    if (Date.parse(session.started_at) < since) continue;
    count += 1;
    seconds += session.length_seconds;
  }
  return { sessions: count, seconds };
}
