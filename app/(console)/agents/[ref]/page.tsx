import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { PageHeader } from "@/components/console/page-header";
import { AgentProfile, AgentProfileSkeleton } from "@/components/agents/agent-profile";
import { AgentSessions } from "@/components/agents/agent-sessions";
import { AgentLookupForm } from "@/components/agents/lookup-form";
import { SessionsTableSkeleton } from "@/components/agents/sessions-table/skeleton";
import { EmptyState } from "@/components/ui/empty-state";
import { agentRefPath, parseAgentRef } from "@/lib/console/agents/agent-ref";
import { consoleUserIdOf } from "@/lib/console/agents/console-agent";
import { findConsoleUserById } from "@/lib/console/agents/console-agent-load";
import { requirePageCaller } from "@/lib/console/caller";

export const metadata: Metadata = { title: "Agent" };

export default async function AgentPage(props: { params: Promise<{ ref: string }> }) {
  await requirePageCaller("lead");
  const agentRef = parseAgentRef((await props.params).ref);
  const back = (
    <Link href="/agents" className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-100">
      ← All agents
    </Link>
  );

  if (!agentRef) {
    return (
      <>
        <PageHeader title="Agent">{back}</PageHeader>
        <EmptyState title="That is not an agent address">
          <p>Agent pages are /agents/email:&lt;address&gt; or /agents/external:&lt;id&gt;. Look the agent up instead:</p>
          <div className="mt-4 text-left">
            <AgentLookupForm />
          </div>
        </EmptyState>
      </>
    );
  }

  // The external id the console files its users under: the person's page is their email's.
  const consoleUserId = agentRef.kind === "external" ? consoleUserIdOf(agentRef.externalId) : null;
  const consoleUser = consoleUserId ? await findConsoleUserById(consoleUserId) : null;
  if (consoleUser) redirect(agentRefPath({ kind: "email", email: consoleUser.email }));

  return (
    <>
      <PageHeader
        title={agentRef.kind === "email" ? agentRef.email : agentRef.externalId}
        description={agentRef.kind === "email" ? "Agent looked up by email" : "Agent looked up by external id"}
      >
        {back}
      </PageHeader>
      <Suspense fallback={<AgentProfileSkeleton />}>
        <AgentProfile agentRef={agentRef} />
      </Suspense>
      <Suspense fallback={<SessionsTableSkeleton />}>
        <AgentSessions agentRef={agentRef} />
      </Suspense>
    </>
  );
}
