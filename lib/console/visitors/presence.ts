import type { Visitor } from "@/lib/contract";
import type { VisitorPresence } from "../reads/visitors";

export function visitorPresence(visitor: Pick<Visitor, "is_online" | "is_in_session">): VisitorPresence {
  return { online: visitor.is_online === true, inSession: visitor.is_in_session === true };
}
