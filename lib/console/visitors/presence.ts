import { z } from "zod";
import type { Visitor } from "@/lib/contract";

/** What an agent needs to know before Co-browse: is the visitor's page connected, and already in a session. */
export interface VisitorPresence {
  online: boolean;
  inSession: boolean;
}

export function visitorPresence(visitor: Pick<Visitor, "is_online" | "is_in_session">): VisitorPresence {
  return { online: visitor.is_online === true, inSession: visitor.is_in_session === true };
}

/** The `[id]` of the presence route: a visitor's short id, as the API's path takes it. */
export const visitorPresenceParamsSchema = z.object({ id: z.string().min(1).max(64) });
