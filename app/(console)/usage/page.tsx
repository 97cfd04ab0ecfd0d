import type { Metadata } from "next";
import { ComingSoon } from "@/components/console/coming-soon";
import { PageHeader } from "@/components/console/page-header";
import { requirePageCaller } from "@/lib/console/caller";

export const metadata: Metadata = { title: "Usage" };

export default async function UsagePage() {
  await requirePageCaller("agent");
  return (
    <>
      <PageHeader title="Usage" description="How much your team co-browses." />
      <ComingSoon>A card per usage figure (agents, sessions, session time, visitors online) and charts of the last 24 hours, 7 and 30 days will be here, with a per-agent table and a CSV export.</ComingSoon>
    </>
  );
}
