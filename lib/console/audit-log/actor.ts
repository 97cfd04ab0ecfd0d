import type { AuditEvent } from "./query";

/**
 * Who did it, in words: a console user's email, or, for what the co-browsing service records, the API
 * key, the agent or the visitor; null for the system itself (a timeout, a sweep).
 */
export function actorName(event: Pick<AuditEvent, "actorId" | "actorEmail" | "detail">): string | null {
  if (event.actorEmail) return event.actorEmail;
  if (typeof event.detail.api_key === "string") return `API key “${event.detail.api_key}”`;
  if (typeof event.detail.agent === "string") return `Agent ${event.detail.agent}`;
  if (event.actorId?.startsWith("visitor:")) return `Visitor ${event.actorId.slice("visitor:".length)}`;
  return null;
}
