import "server-only";
import { isApiError } from "@/lib/client";
import { apiConnection } from "@/lib/console/api";
import { listConsoleMembers } from "@/lib/console/agents/console-users";
import { getDb } from "@/lib/db";
import { summarizeSessions, type AgentUsageRow } from "./agent-usage";
import { mapWithConcurrency } from "./concurrency";

/** Lookups in flight at once: enough to be quick for a team, few enough not to hit the API's rate limit. */
const LOOKUP_CONCURRENCY = 4;

/**
 * Sessions and session time in the last 30 days for each console user, from Agent lookup by email.
 * A 404 means the API has not seen that agent yet: 0 sessions. Other failures are thrown.
 */
export async function loadAgentUsage(now = new Date()): Promise<AgentUsageRow[]> {
  const members = await listConsoleMembers(await getDb());
  const { cloud } = apiConnection();
  return mapWithConcurrency(members, LOOKUP_CONCURRENCY, async (member) => {
    const base = { email: member.email, name: member.name, role: member.role };
    try {
      const agent = await cloud.lookupAgent({ email: member.email });
      return { ...base, ...summarizeSessions(agent.sessions, now), known: true };
    } catch (error) {
      if (isApiError(error) && error.kind === "not_found") return { ...base, sessions: 0, seconds: 0, known: false };
      throw error;
    }
  });
}
