/** Why a session ended, said for the agent. */
export const END_REASONS: Record<string, string> = {
  agent: "An agent ended the session.",
  visitor: "The visitor stopped the session.",
  api: "The session was ended from the console or the API.",
  agent_left: "No agent was connected for a minute.",
  visitor_deleted: "The visitor was deleted.",
};

export function endReasonText(reason: string | null): string {
  return END_REASONS[reason ?? ""] ?? "The session is over.";
}
