import type { APIRequestContext } from "@playwright/test";
import { apiClient } from "./api";

interface ApiSession {
  id: string;
  started_at: string;
}

/**
 * The external id the console files a console user under (`console:<id>`), as their agent page shows it
 * to a lead; null when the API knows no agent for them yet. `lead` is a lead's signed-in request context.
 */
export async function consoleAgentIdOf(lead: APIRequestContext, email: string): Promise<string | null> {
  const html = await (await lead.get(`/agents/email:${email}`)).text();
  return /<code>(console:[^<]+)<\/code>/.exec(html)?.[1] ?? null;
}

async function lookup(api: APIRequestContext, params: Record<string, string>): Promise<ApiSession[]> {
  const response = await api.get("/v1.3/agents/lookup", { params });
  return response.status() === 404 ? [] : (await response.json()).agent.sessions;
}

/** One console user's sessions straight from the API: as a User by email and as the console's External Agent. */
export async function personSessions(email: string, consoleAgentId: string | null): Promise<ApiSession[]> {
  const api = await apiClient();
  const lists = await Promise.all([lookup(api, { email }), consoleAgentId ? lookup(api, { external_id: consoleAgentId }) : []]);
  await api.dispose();
  return [...new Map(lists.flat().map((session) => [session.id, session])).values()];
}
