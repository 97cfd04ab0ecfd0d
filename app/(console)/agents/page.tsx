import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/console/page-header";
import { AgentLookupForm } from "@/components/agents/lookup-form";
import { MembersTable } from "@/components/agents/members-table/data-table";
import { TableSkeleton } from "@/components/ui/skeleton";
import { Section } from "@/components/ui/section";
import { agentRefPath } from "@/lib/console/agents/agent-ref";
import { readLookupForm } from "@/lib/console/agents/lookup-form";
import { requirePage } from "@/lib/console/auth/caller";
import { CONSOLE_PAGES } from "@/lib/console/pages";

export const metadata: Metadata = { title: "Agents" };

export default async function AgentsPage(props: { searchParams: Promise<{ by?: string | string[]; q?: string | string[] }> }) {
  await requirePage(CONSOLE_PAGES.agents);
  const lookup = readLookupForm(await props.searchParams);
  if (lookup && "ref" in lookup) redirect(agentRefPath(lookup.ref));

  return (
    <>
      <PageHeader title="Agents" description="Your team and their sessions." />
      <Section
        id="lookup-heading"
        title="Look up an agent"
        description="A console user or a help-desk agent, by email or by the external id your integration sends."
      >
        <AgentLookupForm {...(lookup ?? {})} />
      </Section>
      <Section
        id="members-heading"
        title="Console users"
        description="Who can sign in to this console, and with which role."
        fallback={<TableSkeleton label="Loading console users" rows={3} />}
      >
        <MembersTable />
      </Section>
    </>
  );
}
