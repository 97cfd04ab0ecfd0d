import type { Session } from "@/lib/contract";

/** How a session ended, as Tandem's `end_reason` says; an API without it gives a plain "Ended". */
const ENDED: Record<string, string> = {
  agent: "Ended by the agent",
  visitor: "Stopped by the visitor",
  declined: "Declined by the visitor",
  api: "Ended from the console or the API",
  agent_left: "Timed out",
  visitor_deleted: "Ended: visitor deleted",
};

export function sessionStatus(session: Pick<Session, "ended_at" | "end_reason">): string {
  if (!session.ended_at) return "Ongoing";
  return ENDED[session.end_reason ?? ""] ?? "Ended";
}
