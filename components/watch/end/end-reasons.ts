/** Why a session ended, said for the agent. */
export const END_REASONS: Record<string, string> = {
  agent: "An agent ended the session.",
  visitor: "The visitor stopped the session.",
  declined: "The visitor declined the session.",
  api: "The session was ended from the console or the API.",
  agent_left: "The session timed out: no agent was connected for a minute.",
  visitor_deleted: "The visitor was deleted.",
};

export function endReasonText(reason: string | null, endedHere = false): string {
  if (reason === "agent" && endedHere) return "You ended the session.";
  return END_REASONS[reason ?? ""] ?? "The session is over.";
}

/** How long a session lasted, e.g. "4 min 05 s"; null when a time is missing or out of order. */
export function sessionLength(startedAt: string, endedAt: string | null): string | null {
  const ms = endedAt ? Date.parse(endedAt) - Date.parse(startedAt) : NaN;
  if (!Number.isFinite(ms) || ms < 0) return null;
  const seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  return minutes > 0 ? `${minutes} min ${rest} s` : `${seconds % 60} s`;
}
