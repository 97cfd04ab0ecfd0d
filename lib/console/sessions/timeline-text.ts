import type { Session, SessionActor, SessionEvent } from "@/lib/contract";
import { formatDuration } from "../usage/format";

/** Who did it, as a sentence names them. */
export function actorText(by: SessionActor): string {
  switch (by.kind) {
    case "agent":
      return by.name ?? "an agent";
    case "visitor":
      return "the visitor";
    case "api_key":
      return by.name ? `the API key “${by.name}”` : "the console or the API";
    default:
      return "Tandem";
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function endText(event: SessionEvent): string {
  if (event.end_reason === "agent_left") return "Timed out: no agent was connected for a minute";
  if (event.end_reason === "visitor_deleted") return "Ended: the visitor was deleted";
  if (event.end_reason === "declined") return "Ended: the visitor declined";
  // An API that does not say how it ended.
  if (event.by.kind === "service") return "Ended";
  return `Ended by ${actorText(event.by)}`;
}

/** One event of a session's timeline, in words. */
export function eventText(event: SessionEvent): string {
  switch (event.event) {
    case "asked":
      return `${capital(actorText(event.by))} asked to co-browse`;
    case "accepted":
      return "The visitor accepted";
    case "declined":
      return "The visitor declined";
    case "live":
      return "The visitor's page reached the agent";
    case "call_started":
      return `${capital(actorText(event.by))} started a call`;
    case "call_accepted":
      return "The visitor accepted the call";
    case "call_declined":
      return "The visitor declined the call";
    case "call_ended":
      return `${capital(actorText(event.by))} ended the call${event.seconds === undefined ? "" : ` (${formatDuration(event.seconds)})`}`;
    case "ended":
      return endText(event);
  }
}

/**
 * The timeline the API gave, or, from an API without Tandem's timeline, what the Session's own fields
 * tell: when it started and, once it ended, how.
 */
export function sessionTimeline(session: Pick<Session, "timeline" | "started_at" | "ended_at" | "end_reason" | "agents">): SessionEvent[] {
  if (session.timeline) return session.timeline;
  const agent = session.agents[0]?.name ?? null;
  const events: SessionEvent[] = [{ at: session.started_at, event: "asked", by: { kind: "agent", name: agent } }];
  if (!session.ended_at) return events;
  const reason = session.end_reason ?? null;
  const kind = reason === "visitor" || reason === "declined" ? "visitor" : reason === "agent" ? "agent" : reason === "api" ? "api_key" : "service";
  return [...events, { at: session.ended_at, event: "ended", by: { kind, name: kind === "agent" ? agent : null }, end_reason: reason }];
}
