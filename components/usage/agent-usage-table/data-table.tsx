import { isApiError } from "@/lib/client";
import type { Role } from "@/lib/console/auth/roles";
import { CONSOLE_PAGES, mayOpen } from "@/lib/console/pages";
import { loadAgentUsage } from "@/lib/console/usage/agent-usage-load";
import type { AgentUsageRow } from "@/lib/console/usage/agent-usage";
import { Table, TableFrame, Td, Th } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";
import { WidgetError } from "../widget-error";
import { agentUsageColumns } from "./columns";
import { AgentUsageEmptyState } from "./empty-state";

/** Sessions and session time per console user over the last 30 days. */
export async function AgentUsageTable({ viewerRole }: { viewerRole: Role }) {
  let rows: AgentUsageRow[];
  try {
    rows = await loadAgentUsage();
  } catch (error) {
    if (!isApiError(error)) throw error;
    return <WidgetError title="Per-agent usage could not be loaded" error={error} />;
  }
  if (rows.length === 0) return <AgentUsageEmptyState />;
  const options = { linkToAgents: mayOpen(viewerRole, CONSOLE_PAGES.agent) };
  return (
    // Focusable so the keyboard can scroll it on a narrow screen (an agent's table has no links).
    <TableFrame tabIndex={0} role="region" aria-label="Usage per agent">
      <Table aria-label="Usage per agent, last 30 days">
        <thead>
          <tr>
            {agentUsageColumns.map((column) => (
              <Th key={column.header} className={cn(column.numeric && "text-right")}>
                {column.header}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.email || row.name} data-testid="agent-usage-row">
              {agentUsageColumns.map((column) => (
                <Td key={column.header} className={cn(column.numeric && "text-right tabular-nums")}>
                  {column.cell(row, options)}
                </Td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableFrame>
  );
}
