import type { Visitor } from "@/lib/contract";

/** How the console names a visitor: the name they gave, else their first identity or email. */
export function visitorDisplayName(visitor: Pick<Visitor, "call_name" | "identities" | "email" | "short_id">): string {
  return visitor.call_name || visitor.identities?.[0] || visitor.email || "Anonymous visitor";
}
