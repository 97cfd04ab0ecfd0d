import type { AgentSummary, Session } from "@/lib/contract";
import type { AgentRef } from "./agent-ref";

/**
 * How the console names its users to the API. A watch link's `agent` has only `id` and `name`, and an API
 * (hosted or embedded) files an id it does not know as an External Agent, so the console sends a stable
 * external id of its own, `console:<user id>`, and looks the user's sessions up by that external id (plus
 * by email, for sessions the person held as a User of the API account). The user id, not the email, so
 * that changing an email does not split a person's history.
 */
const CONSOLE_PREFIX = "console:";

export const consoleAgentId = (userId: string) => `${CONSOLE_PREFIX}${userId}`;

/** The console user id behind an external id, or null when the external id is not the console's. */
export function consoleUserIdOf(externalId: string | null | undefined): string | null {
  if (!externalId?.startsWith(CONSOLE_PREFIX)) return null;
  const id = externalId.slice(CONSOLE_PREFIX.length);
  return id === "" ? null : id;
}

/**
 * The agent page of an agent as a session names it: a User by email, an External Agent by external id
 * (the agent page sends a console user's to their email page). Null when neither is known: no link then.
 */
export function sessionAgentRef(agent: Pick<AgentSummary, "_type" | "email" | "external_id">): AgentRef | null {
  if (agent.external_id) return { kind: "external", externalId: agent.external_id };
  if (agent._type === "user" && agent.email) return { kind: "email", email: agent.email };
  return null;
}

/** One person's sessions from both lookups, each once, latest first. */
export function mergeSessions(...lists: readonly (readonly Session[] | null)[]): Session[] {
  const byId = new Map<string, Session>();
  for (const list of lists) for (const session of list ?? []) if (!byId.has(session.id)) byId.set(session.id, session);
  return [...byId.values()].sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at));
}

/**
 * What the team's totals hold beyond the console users' rows: sessions held by agents who are not console
 * users. Never negative (a session two console users shared counts in both their rows).
 */
export function otherAgentsShare(total: { sessions: number; seconds: number }, rows: readonly { sessions: number; seconds: number }[]) {
  const sessions = rows.reduce((sum, row) => sum + row.sessions, 0);
  const seconds = rows.reduce((sum, row) => sum + row.seconds, 0);
  return { sessions: Math.max(0, total.sessions - sessions), seconds: Math.max(0, total.seconds - seconds) };
}
