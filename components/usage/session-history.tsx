import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { HeadedTable, Td } from "@/components/ui/table";
import { isApiError } from "@/lib/client";
import { agentSessionsUrl } from "@/lib/console/agents/session-filters";
import { formatCount, formatDuration } from "@/lib/console/usage/format";
import type { HistoryDays, SessionHistory as History } from "@/lib/console/usage/session-history";
import { loadSessionHistory } from "@/lib/console/usage/session-history-load";
import { ChartPair, ChartPairSkeleton } from "./chart-figure";
import { HistoryChart } from "./history-chart";
import type { HistorySeries } from "./history-drawing";
import { WidgetError } from "./widget-error";

/** Agents drawn apart; the rest are stacked as one "Other agents" series, so a chart stays readable. */
const DRAWN_AGENTS = 7;
const COLORS = ["#4f46e5", "#059669", "#d97706", "#db2777", "#0891b2", "#7c3aed", "#65a30d"];
const OTHERS = { key: "others", name: "Other agents", color: "#71717a" };
const MEASURES = [
  { measure: "sessions", title: "Sessions per day", format: formatCount },
  { measure: "seconds", title: "Session time per day", format: formatDuration },
] as const;

function chartSeries(history: History) {
  const drawn = history.agents.slice(0, DRAWN_AGENTS);
  // Series keyed by position: a row holds one column per series, whatever the agents' emails.
  const series: Array<HistorySeries & { emails: string[] }> = drawn.map((agent, index) => ({
    key: `agent${index}`,
    name: agent.name,
    color: COLORS[index],
    emails: [agent.email],
  }));
  const rest = history.agents.slice(DRAWN_AGENTS).map((agent) => agent.email);
  if (rest.length) series.push({ ...OTHERS, emails: rest });
  const rows = (measure: "sessions" | "seconds") =>
    history.days.map((day) => ({
      day: day.day,
      ...Object.fromEntries(series.map((entry) => [entry.key, entry.emails.reduce((sum, email) => sum + (day[measure][email] ?? 0), 0)])),
    }));
  return {
    series: series.map(({ emails: _emails, ...entry }) => entry),
    colorOf: (email: string) => series.find((s) => s.emails.includes(email))!.color,
    rows,
  };
}

/** "34 in total; busiest day 2026-11-23 with 9": what a screen reader hears instead of the chart. */
function describeDays(history: History, measure: "sessions" | "seconds", format: (value: number) => string): string {
  const totals = history.days.map((day) => ({ day: day.day, total: Object.values(day[measure]).reduce((sum, value) => sum + value, 0) }));
  const sum = totals.reduce((all, day) => all + day.total, 0);
  const busiest = totals.reduce((best, day) => (day.total > best.total ? day : best), totals[0]);
  return `${format(sum)} in total; busiest day ${busiest.day} with ${format(busiest.total)}; ${history.agents.length} agents`;
}

/**
 * Sessions per day and session time per day over the range, stacked by agent, from each console user's
 * sessions as Agent lookup returns them: history from the first day, not from when Tandem started
 * recording. Per-agent figures link to that agent's sessions for leads.
 */
export async function SessionHistory({ days, linkToAgents }: { days: HistoryDays; linkToAgents: boolean }) {
  let history: History;
  try {
    history = await loadSessionHistory(days);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return <WidgetError title="The session history could not be loaded" error={error} />;
  }
  if (history.agents.length === 0) {
    return (
      <EmptyState title={`No sessions in the last ${days} days`}>
        When console users co-browse, their sessions per day and session time per day show here.
      </EmptyState>
    );
  }

  const { series, rows, colorOf } = chartSeries(history);
  return (
    <div className="flex flex-col gap-4">
      <ChartPair>
        {MEASURES.map(({ measure, title, format }) => (
          <HistoryChart
            key={measure}
            title={title}
            unit={measure}
            rows={rows(measure)}
            series={series}
            summary={`${title} over the last ${days} days, by agent: ${describeDays(history, measure, format)}.`}
          />
        ))}
      </ChartPair>
      <HeadedTable
        caption={`Sessions per agent, last ${days} days`}
        columns={["Agent", { label: "Sessions", className: "text-right" }, { label: "Session time", className: "text-right" }]}
      >
        {history.agents.map((agent) => (
          <tr key={agent.email} data-testid="history-agent-row">
            <Td>
              <span className="flex items-center gap-2">
                <span aria-hidden className="h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: colorOf(agent.email) }} />
                {linkToAgents ? (
                  <Link
                    href={agentSessionsUrl({ kind: "email", email: agent.email }, { from: history.from })}
                    className="font-medium text-brand-600 hover:underline dark:text-brand-100"
                  >
                    {agent.name}
                  </Link>
                ) : (
                  <span className="font-medium">{agent.name}</span>
                )}
              </span>
            </Td>
            <Td className="text-right tabular-nums">{formatCount(agent.sessions)}</Td>
            <Td className="text-right tabular-nums">{formatDuration(agent.seconds)}</Td>
          </tr>
        ))}
      </HeadedTable>
    </div>
  );
}

export function SessionHistorySkeleton() {
  return <ChartPairSkeleton label="Loading the session history" />;
}
