import "server-only";
import type { ConnectionMode } from "@/lib/console/api";
import { loadMemberSessions } from "./agent-usage-load";
import { sessionHistory, type HistoryDays, type SessionHistory } from "./session-history";

/** The on-premise API has no agent lookup (spec: "no endpoints for … Agent lookup"): no session history there. */
export function hasAgentLookup(mode: ConnectionMode): boolean {
  return mode !== "onprem";
}

/** The daily session history of the console's users over the range, from their sessions as Agent lookup returns them. */
export async function loadSessionHistory(days: HistoryDays, now = new Date()): Promise<SessionHistory> {
  const members = await loadMemberSessions();
  return sessionHistory(
    members.map(({ member, sessions }) => ({ email: member.email, name: member.name, sessions: sessions ?? [] })),
    days,
    now,
  );
}
