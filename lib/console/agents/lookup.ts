import "server-only";
import { cache } from "react";
import { isApiError, type Agent } from "@/lib/client";
import { apiConnection } from "@/lib/console/api";
import type { AgentRef } from "./agent-ref";
import { consoleAgentId, consoleUserIdOf } from "./console-agent";
import { findConsoleUserByEmail, findConsoleUserById, lookupConsoleUserAgent } from "./console-agent-load";

/** `consoleAgentId`: for a console user, the external id the console sends the API for them. */
export type AgentLookupResult = { found: true; agent: Agent; consoleAgentId?: string } | { found: false };

/**
 * The agent behind a reference, or `found: false` when the API has none (404). A console user's email (or
 * the external id the console files them under) gives that person as one agent, with the sessions of both
 * lookups. Any other failure is thrown as the ApiError it is. Cached per request, so the profile and the
 * sessions table share one call.
 */
export const findAgent = cache(async (kind: AgentRef["kind"], value: string): Promise<AgentLookupResult> => {
  const consoleUserId = kind === "external" ? consoleUserIdOf(value) : null;
  const user = kind === "email" ? await findConsoleUserByEmail(value) : consoleUserId ? await findConsoleUserById(consoleUserId) : null;
  if (user) {
    const agent = await lookupConsoleUserAgent(user);
    return agent ? { found: true, agent, consoleAgentId: consoleAgentId(user.id) } : { found: false };
  }
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
