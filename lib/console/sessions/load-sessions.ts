import "server-only";
import { isApiError, type Session } from "@/lib/client";
import { apiConnection } from "@/lib/console/api";
import { lookupConsoleUserAgent } from "@/lib/console/agents/console-agent-load";
import { mergeSessions } from "@/lib/console/agents/console-agent";
import type { Caller } from "@/lib/console/auth/caller";
import { hasRole } from "@/lib/console/auth/roles";
import { loadMemberSessions } from "@/lib/console/usage/agent-usage-load";
import { isAgentOf } from "./session-people";

/**
 * The sessions a caller may list: an agent's own; for leads and admins every console user's (or one
 * user's, by email), each session once, latest first. The API lists sessions by agent only, so these
 * are the console users' sessions: an agent the console does not know (a help desk's) is on their
 * agent page.
 */
export async function loadSessions(caller: Caller, agentEmail?: string): Promise<Session[]> {
  if (!hasRole(caller.role, "lead")) return (await lookupConsoleUserAgent(caller))?.sessions ?? [];
  const members = await loadMemberSessions();
  const chosen = agentEmail ? members.filter(({ member }) => member.email.toLowerCase() === agentEmail.toLowerCase()) : members;
  return mergeSessions(...chosen.map(({ sessions }) => sessions));
}

export interface FoundSession {
  session: Session;
  /** The API gave it by its id (Tandem's extension): its timeline came with it, and its notes and rating can be changed. */
  extended: boolean;
}

/**
 * One session, if the caller may see it (an agent, only one of their own): by its id where the API has
 * Tandem's session endpoint, else among the sessions the caller may list. Null when neither finds it.
 */
export async function findSession(caller: Caller, id: string): Promise<FoundSession | null> {
  let found: FoundSession | null = null;
  try {
    found = { session: await apiConnection().cloud.getSession(id), extended: true };
  } catch (error) {
    // 404: no such session, or an API without the endpoint; a malformed id is no session either.
    if (!isApiError(error) || (error.kind !== "not_found" && error.kind !== "invalid_request")) throw error;
  }
  if (!found) {
    const listed = (await loadSessions(caller)).find((session) => session.id === id);
    found = listed ? { session: listed, extended: false } : null;
  }
  if (!found || (!hasRole(caller.role, "lead") && !isAgentOf(found.session, caller))) return null;
  return found;
}
