import type { Metadata } from "next";
import { ComingSoon } from "@/components/console/coming-soon";
import { PageHeader } from "@/components/console/page-header";
import { requirePageCaller } from "@/lib/console/caller";

export const metadata: Metadata = { title: "Agents" };

export default async function AgentsPage() {
  await requirePageCaller("lead");
  return (
    <>
      <PageHeader title="Agents" description="Your team and their sessions." />
      <ComingSoon>The console’s users with their roles, agent lookup by email or external id, and each agent’s sessions with filters and CSV export will be here.</ComingSoon>
    </>
  );
}
