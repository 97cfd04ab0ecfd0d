import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/console/page-header";
import { buttonClass } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { TableSkeleton } from "@/components/ui/skeleton";
import { AgentUsageTable } from "@/components/usage/agent-usage-table/data-table";
import { RangeSwitcher } from "@/components/usage/range-switcher";
import { SessionHistory, SessionHistorySkeleton } from "@/components/usage/session-history";
import { UsageCards, UsageCardsSkeleton } from "@/components/usage/usage-cards";
import { UsageTrends, UsageTrendsSkeleton } from "@/components/usage/usage-trends";
import { EmptyState } from "@/components/ui/empty-state";
import { apiConnection } from "@/lib/console/api";
import { requirePage } from "@/lib/console/auth/caller";
import { CONSOLE_PAGES, mayOpen } from "@/lib/console/pages";
import { readUrl } from "@/lib/console/reads/define";
import { READ_ROUTES } from "@/lib/console/reads/routes";
import { loadUsageSearchParams, usageUrl } from "@/lib/console/usage/search-params";
import { HISTORY_DAYS } from "@/lib/console/usage/session-history";
import { hasAgentLookup } from "@/lib/console/usage/session-history-load";
import { USAGE_RANGES, type UsageRange } from "@/lib/console/usage/snapshots";

export const metadata: Metadata = { title: "Usage" };

export default async function UsagePage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const caller = await requirePage(CONSOLE_PAGES.usage);
  const { range, days } = await loadUsageSearchParams(props.searchParams);
  const rangeOptions = (Object.keys(USAGE_RANGES) as UsageRange[]).map((option) => ({
    label: USAGE_RANGES[option].label,
    href: usageUrl("/usage", { range: option, days }),
    current: option === range,
  }));
  const daysOptions = HISTORY_DAYS.map((option) => ({ label: `${option} days`, href: usageUrl("/usage", { range, days: option }), current: option === days }));

  return (
    <>
      <PageHeader title="Usage" description="How much your team co-browses, as the co-browsing API reports it now." />
      <Suspense fallback={<UsageCardsSkeleton />}>
        <UsageCards />
      </Suspense>

      <Section
        id="history-heading"
        title="Sessions by day"
        description={`Sessions started and time spent in session each day over the last ${days} days (UTC), by agent, from each agent's sessions.`}
        actions={<RangeSwitcher label="History range" options={daysOptions} />}
      >
        {hasAgentLookup(apiConnection().mode) ? (
          <Suspense key={days} fallback={<SessionHistorySkeleton />}>
            <SessionHistory days={days} linkToAgents={mayOpen(caller.role, CONSOLE_PAGES.agent)} />
          </Suspense>
        ) : (
          <EmptyState title="No session history from an on-premise deployment">
            The on-premise API has no agent lookup, so Tandem cannot read each agent&apos;s past sessions from it. Visitors online and sessions ongoing are
            still recorded below as Tandem runs.
          </EmptyState>
        )}
      </Section>

      <Section
        id="trends-heading"
        title="Trends"
        description={`Visitors online and sessions ongoing over the last ${USAGE_RANGES[range].label} (UTC), recorded every 5 minutes.`}
        actions={
          <>
            <RangeSwitcher label="Trend range" options={rangeOptions} />
            <a href={readUrl(READ_ROUTES.usageSeriesCsv, { query: { range } })} download className={buttonClass("secondary")}>
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
          <a href={readUrl(READ_ROUTES.agentUsageCsv)} download className={buttonClass("secondary")}>
            Download per-agent usage (CSV)
          </a>
        }
        fallback={<TableSkeleton label="Loading usage per agent" rows={4} />}
      >
        <AgentUsageTable viewerRole={caller.role} />
      </Section>
    </>
  );
}
