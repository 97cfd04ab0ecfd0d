import { PageHeader } from "@/components/console/page-header";
import { AgentLookupForm } from "@/components/agents/lookup-form";
import { EmptyState } from "@/components/ui/empty-state";
import { BackToAgents } from "@/components/agents/back-to-agents";

/** An address under /agents that names no agent: how agent pages are addressed, and a lookup instead. */
export default function AgentNotFound() {
  return (
    <>
      <PageHeader title="Agent">
        <BackToAgents />
      </PageHeader>
      <EmptyState title="That is not an agent address">
        <p>Agent pages are /agents/email:&lt;address&gt; or /agents/external:&lt;id&gt;. Look the agent up instead:</p>
        <div className="mt-4 text-left">
          <AgentLookupForm />
        </div>
      </EmptyState>
    </>
  );
}
