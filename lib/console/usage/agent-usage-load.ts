import "server-only";
import { cache } from "react";
import { isApiError, type Session } from "@/lib/client";
import { apiConnection } from "@/lib/console/api";
import { listConsoleMembers, type ConsoleMember } from "@/lib/console/agents/console-users";
import { getDb } from "@/lib/db";
import { summarizeSessions, type AgentUsageRow } from "./agent-usage";
import { mapWithConcurrency } from "./concurrency";

/** Lookups in flight at once: enough to be quick for a team, few enough not to hit the API's rate limit. */
const LOOKUP_CONCURRENCY = 4;

export interface MemberSessions {
  member: ConsoleMember;
  /** Null when the API has not seen this agent yet (a 404: no sessions). */
  sessions: Session[] | null;
}

/**
 * Each console user's sessions, from Agent lookup by email. Cached per request, so the per-agent table
 * and the daily history of one page view share one lookup per user. Other failures than 404 are thrown.
 */
export const loadMemberSessions = cache(async (): Promise<MemberSessions[]> => {
  const members = await listConsoleMembers(await getDb());
  const { cloud } = apiConnection();
  return mapWithConcurrency(members, LOOKUP_CONCURRENCY, async (member) => {
    try {
      return { member, sessions: (await cloud.lookupAgent({ email: member.email })).sessions };
    } catch (error) {
      if (isApiError(error) && error.kind === "not_found") return { member, sessions: null };
      throw error;
    }
  });
});

/** Sessions and session time in the last 30 days for each console user (0 for one the API does not know). */
export async function loadAgentUsage(now = new Date()): Promise<AgentUsageRow[]> {
  return (await loadMemberSessions()).map(({ member, sessions }) => ({
    email: member.email,
    name: member.name,
    role: member.role,
    ...(sessions ? summarizeSessions(sessions, now) : { sessions: 0, seconds: 0 }),
    known: sessions !== null,
  }));
}
