import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/console/page-header";
import { AgentUsageTable } from "@/components/usage/agent-usage-table/data-table";
import { TableSkeleton } from "@/components/ui/skeleton";
import { RangeSwitcher } from "@/components/usage/range-switcher";
import { Section } from "@/components/usage/section";
import { UsageCards, UsageCardsSkeleton } from "@/components/usage/usage-cards";
import { UsageTrends, UsageTrendsSkeleton } from "@/components/usage/usage-trends";
import { buttonClass } from "@/components/ui/button";
import { requirePageCaller } from "@/lib/console/caller";
import { parseUsageRange, USAGE_RANGES } from "@/lib/console/usage/snapshots";

export const metadata: Metadata = { title: "Usage" };

export default async function UsagePage(props: { searchParams: Promise<{ range?: string | string[] }> }) {
  const caller = await requirePageCaller("agent");
  const range = parseUsageRange((await props.searchParams).range);

  return (
    <>
      <PageHeader title="Usage" description="How much your team co-browses, as the co-browsing API reports it now." />
      <Suspense fallback={<UsageCardsSkeleton />}>
        <UsageCards />
      </Suspense>

      <Section
        id="trends-heading"
        title="Trends"
        description={`Visitors online and sessions ongoing over the last ${USAGE_RANGES[range].label} (UTC).`}
        actions={
          <>
            <RangeSwitcher current={range} />
            <a href={`/api/console/usage/export/snapshots?range=${range}`} download className={buttonClass("secondary")}>
              Download series (CSV)
            </a>
          </>
        }
      >
        <Suspense key={range} fallback={<UsageTrendsSkeleton />}>
          <UsageTrends range={range} />
        </Suspense>
      </Section>

      <Section
        id="per-agent-heading"
        title="Per agent"
        description="Sessions and session time of each console user over the last 30 days."
        actions={
          <a href="/api/console/usage/export/agents" download className={buttonClass("secondary")}>
            Download per-agent usage (CSV)
          </a>
        }
      >
        <Suspense fallback={<TableSkeleton label="Loading usage per agent" rows={4} />}>
          <AgentUsageTable viewerRole={caller.role} />
        </Suspense>
      </Section>
    </>
  );
}
