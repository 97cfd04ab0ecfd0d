import type { AgentRef } from "./agent-ref";

export type LookupBy = "email" | "external";

export type LookupFormResult = { ref: AgentRef } | { error: string; by: LookupBy; query: string } | null;

/** The agent lookup form (GET /agents?by=email|external&q=…): the reference to open, an error to show, or nothing asked. */
export function readLookupForm(params: { by?: string | string[]; q?: string | string[] }): LookupFormResult {
  const by: LookupBy = params.by === "external" ? "external" : "email";
  const query = typeof params.q === "string" ? params.q.trim() : "";
  if (params.q === undefined) return null;
  if (query === "") return { error: by === "email" ? "Enter the agent’s email address." : "Enter the agent’s external id.", by, query };
  if (by === "email") {
    if (!/^[^\s@]+@[^\s@]+$/.test(query)) return { error: "Enter an email address like name@example.com.", by, query };
    return { ref: { kind: "email", email: query } };
  }
  return { ref: { kind: "external", externalId: query } };
}
