import type { QualityFeedback, Session } from "@/lib/contract";
import { consoleAgentId } from "../agents/console-agent";

/** The page of one session. */
export const sessionPath = (id: string) => `/sessions/${encodeURIComponent(id)}`;

interface Person {
  id: string;
  email: string;
}

/** Which of the session's agents a console user is: filed under their console id, or a User with their email. */
export function agentIdsOf(session: Pick<Session, "agents">, person: Person): string[] {
  const external = consoleAgentId(person.id);
  const email = person.email.toLowerCase();
  return session.agents
    .filter((agent) => agent.external_id === external || (agent.email !== "" && agent.email.toLowerCase() === email))
    .map((agent) => agent.id);
}

export function isAgentOf(session: Pick<Session, "agents">, person: Person): boolean {
  return agentIdsOf(session, person).length > 0;
}

/** The visitor's answer to "How did this session go?", if they gave one. */
export function visitorRating(session: Pick<Session, "quality_feedback">): QualityFeedback | null {
  return session.quality_feedback.find((entry) => entry.from === "visitor") ?? null;
}

/**
 * The agents' own answers. With `agentIds`, those of these agents: an API that does not say which agent
 * answered (no `agent_id`) leaves every agent's answer theirs when they are the session's only agent.
 */
export function agentRatings(session: Pick<Session, "quality_feedback" | "agents">, agentIds?: string[]): QualityFeedback[] {
  const answers = session.quality_feedback.filter((entry) => entry.from === "agent");
  if (!agentIds) return answers;
  return answers.filter((entry) => (entry.agent_id ? agentIds.includes(entry.agent_id) : session.agents.length === 1 && agentIds.length > 0));
}
