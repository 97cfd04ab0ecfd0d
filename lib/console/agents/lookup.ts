import "server-only";
import { cache } from "react";
import { isApiError, type Agent } from "@/lib/client";
import { apiConnection } from "@/lib/console/api";
import type { AgentRef } from "./agent-ref";

export type AgentLookupResult = { found: true; agent: Agent } | { found: false };

/**
 * The agent behind a reference, or `found: false` when the API has none (404). Any other failure is
 * thrown as the ApiError it is. Cached per request, so the profile and the sessions table share one call.
 */
export const findAgent = cache(async (kind: AgentRef["kind"], value: string): Promise<AgentLookupResult> => {
  try {
    const agent = await apiConnection().cloud.lookupAgent(kind === "email" ? { email: value } : { externalId: value });
    return { found: true, agent };
  } catch (error) {
    if (isApiError(error) && error.kind === "not_found") return { found: false };
    throw error;
  }
});

export function findAgentByRef(ref: AgentRef): Promise<AgentLookupResult> {
  return findAgent(ref.kind, ref.kind === "email" ? ref.email : ref.externalId);
}
