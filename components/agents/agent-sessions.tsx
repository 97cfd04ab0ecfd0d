import { NuqsAdapter } from "nuqs/adapters/next/app";
import { isApiError } from "@/lib/client";
import type { AgentRef } from "@/lib/console/agents/agent-ref";
import { findAgentByRef, type AgentLookupResult } from "@/lib/console/agents/lookup";
import { Section } from "@/components/ui/section";
import { WidgetError } from "@/components/usage/widget-error";
import { SessionsDataTable } from "@/components/sessions/table/data-table";

/** The agent's sessions table; nothing when the agent does not exist (the profile says so). */
export async function AgentSessions({ agentRef }: { agentRef: AgentRef }) {
  let result: AgentLookupResult;
  try {
    result = await findAgentByRef(agentRef);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return (
      <Section id="sessions-heading" title="Sessions">
        <WidgetError title="The agent’s sessions could not be loaded" error={error} />
      </Section>
    );
  }
  if (!result.found) return null;
  return (
    <Section id="sessions-heading" title="Sessions" description="The agent’s most recent sessions, as the co-browsing API lists them. Times are UTC.">
      {/* The table's filters live in the URL (nuqs): its adapter is mounted where it is used, not for every page. */}
      <NuqsAdapter>
        <SessionsDataTable sessions={result.agent.sessions} agentRef={agentRef} />
      </NuqsAdapter>
    </Section>
  );
}
