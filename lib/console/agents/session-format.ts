import type { Session } from "@/lib/contract";

/** "channel=chat; ticket=T-4001": a session's metadata on one line, keys in order. */
export function formatMetadata(metadata: Session["metadata"]): string {
  if (!metadata) return "";
  return Object.keys(metadata)
    .sort()
    .map((key) => `${key}=${formatValue(metadata[key])}`)
    .join("; ");
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** "Agent 4/5, Visitor 5/5 (“Quick fix”)": a session's feedback on one line, in the order given. */
export function formatFeedback(feedback: Session["quality_feedback"]): string {
  return feedback.map((entry) => `${entry.from === "agent" ? "Agent" : "Visitor"} ${entry.rating}/5${entry.comment ? ` (“${entry.comment}”)` : ""}`).join(", ");
}

/** "remote_cursor" → "remote cursor". */
export function featureLabel(feature: string): string {
  return feature.replace(/_/g, " ");
}

/** The people in a session, by name (falling back to email or id). */
export function sessionAgentNames(session: Session): string {
  return session.agents.map((agent) => agent.name || agent.email || agent.id).join(", ");
}

/**
 * Where a session's recording can be watched: its video URL, else the public one. Only http(s): the
 * URL comes from the API, and a link must never run script.
 */
export function recordingUrl(session: Pick<Session, "video_url" | "public_video_url">): string | null {
  for (const candidate of [session.video_url, session.public_video_url]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === "https:" || url.protocol === "http:") return url.href;
    } catch {
      // Not a URL: no link.
    }
  }
  return null;
}
