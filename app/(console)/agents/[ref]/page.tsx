import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Suspense } from "react";
import { PageHeader } from "@/components/console/page-header";
import { AgentProfile, AgentProfileSkeleton } from "@/components/agents/agent-profile";
import { AgentSessions } from "@/components/agents/agent-sessions";
import { BackToAgents } from "@/components/agents/back-to-agents";
import { SessionsTableSkeleton } from "@/components/sessions/table/skeleton";
import { agentRefPath, parseAgentRef } from "@/lib/console/agents/agent-ref";
import { consoleUserIdOf } from "@/lib/console/agents/console-agent";
import { findConsoleUserById } from "@/lib/console/agents/console-agent-load";
import { requirePage } from "@/lib/console/auth/caller";
import { CONSOLE_PAGES } from "@/lib/console/pages";

export const metadata: Metadata = { title: "Agent" };

export default async function AgentPage(props: { params: Promise<{ ref: string }> }) {
  await requirePage(CONSOLE_PAGES.agent);
  const agentRef = parseAgentRef((await props.params).ref);
  // Outside any loading state, so an address that names no agent answers 404 (not-found.tsx).
  if (!agentRef) notFound();

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
        <BackToAgents />
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
