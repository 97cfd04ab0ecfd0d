import Link from "next/link";
import { agentRefPath } from "@/lib/console/agents/agent-ref";
import { ROLE_LABELS } from "@/lib/console/auth/roles";
import type { AgentUsageRow, RatingSummary } from "@/lib/console/usage/agent-usage";
import { formatCount, formatDuration } from "@/lib/console/usage/format";

export interface AgentUsageColumn {
  header: string;
  numeric?: boolean;
  cell: (row: AgentUsageRow, options: { linkToAgents: boolean }) => React.ReactNode;
}

/** An average of 1 to 5 and how many ratings it counts. */
function Rating({ summary }: { summary: RatingSummary | null }) {
  if (!summary) return "—";
  return (
    <span>
      {summary.average.toFixed(1)}/5
      <span className="block text-xs text-zinc-500 dark:text-zinc-400">
        {formatCount(summary.count)} {summary.count === 1 ? "rating" : "ratings"}
      </span>
    </span>
  );
}

/** An agent's average is their visitors'; their own ratings of their sessions are a column apart. */
export const agentUsageColumns: AgentUsageColumn[] = [
  {
    header: "Agent",
    cell: (row, { linkToAgents }) => (
      <div>
        {linkToAgents && row.email ? (
          <Link href={agentRefPath({ kind: "email", email: row.email })} className="font-medium text-brand-600 hover:underline dark:text-brand-100">
            {row.name}
          </Link>
        ) : (
          <span className="font-medium">{row.name}</span>
        )}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{row.email || "Not console users"}</p>
      </div>
    ),
  },
  { header: "Role", cell: (row) => (row.role ? ROLE_LABELS[row.role] : "—") },
  { header: "Sessions (30 days)", numeric: true, cell: (row) => formatCount(row.sessions) },
  { header: "Session time (30 days)", numeric: true, cell: (row) => formatDuration(row.seconds) },
  { header: "Visitors' rating (30 days)", numeric: true, cell: (row) => <Rating summary={row.rating} /> },
  { header: "Own rating (30 days)", numeric: true, cell: (row) => <Rating summary={row.ownRating} /> },
];
