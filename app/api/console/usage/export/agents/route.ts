import { consoleRoute } from "@/lib/console/route";
import { loadAgentUsage } from "@/lib/console/usage/agent-usage-load";
import { csvResponse } from "@/lib/console/csv";
import { agentUsageCsv } from "@/lib/console/usage/usage-csv";

/** CSV of the Usage page's per-agent table: sessions and session time per console user, last 30 days. */
export const GET = consoleRoute("agent", async () => {
  const rows = await loadAgentUsage();
  return csvResponse(`tandem-agent-usage-${new Date().toISOString().slice(0, 10)}.csv`, agentUsageCsv(rows));
});
