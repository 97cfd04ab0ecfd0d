import "server-only";
import { cache } from "react";
import type { Session } from "@/lib/client";
import { loadConsoleUserSessions } from "@/lib/console/agents/console-agent-load";
import { otherAgentsShare } from "@/lib/console/agents/console-agent";
import { listConsoleMembers, type ConsoleMember } from "@/lib/console/agents/console-users";
import { getDb } from "@/lib/db";
import { averageRating, summarizeSessions, type AgentUsageRow } from "./agent-usage";
import { mapWithConcurrency } from "./concurrency";
import { loadUsage } from "./load-usage";

/** Lookups in flight at once: enough to be quick for a team, few enough not to hit the API's rate limit. */
const LOOKUP_CONCURRENCY = 4;

export interface MemberSessions {
  member: ConsoleMember;
  /** Null when the API has not seen this agent yet (a 404: no sessions). */
  sessions: Session[] | null;
}

/**
 * Each console user's sessions, from Agent lookup by email and by the external id the console files them
 * under (one person, one agent). Cached per request, so the per-agent table and the daily history of one
 * page view share the lookups. Other failures than 404 are thrown.
 */
export const loadMemberSessions = cache(async (): Promise<MemberSessions[]> => {
  const members = await listConsoleMembers(await getDb());
  return mapWithConcurrency(members, LOOKUP_CONCURRENCY, async (member) => ({ member, sessions: await loadConsoleUserSessions(member) }));
});

export const OTHER_AGENTS_NAME = "Other agents";

/**
 * Sessions and session time in the last 30 days for each console user (0 for one the API does not know),
 * then one row for agents who are not console users, so that the rows add up to the team's 30-day totals.
 */
export async function loadAgentUsage(now = new Date()): Promise<AgentUsageRow[]> {
  const [members, usage] = await Promise.all([loadMemberSessions(), loadUsage()]);
  const rows: AgentUsageRow[] = members.map(({ member, sessions }) => ({
    email: member.email,
    name: member.name,
    role: member.role,
    ...(sessions ? summarizeSessions(sessions, now) : { sessions: 0, seconds: 0 }),
    rating: sessions ? averageRating(sessions, now, "visitor") : null,
    ownRating: sessions ? averageRating(sessions, now, "agent") : null,
    known: sessions !== null,
  }));
  const total = { sessions: usage.session_counts.last_30_days, seconds: usage.session_seconds.last_30_days };
  const other = otherAgentsShare(total, rows);
  if (other.sessions > 0 || other.seconds > 0)
    rows.push({ email: "", name: OTHER_AGENTS_NAME, role: null, ...other, rating: null, ownRating: null, known: true });
  return rows;
}
