import { csvResponse } from "@/lib/console/csv";
import { CONSOLE_READS } from "@/lib/console/reads";
import { serveRead } from "@/lib/console/reads/serve";
import { loadAgentUsage } from "@/lib/console/usage/agent-usage-load";
import { agentUsageCsv } from "@/lib/console/usage/usage-csv";

export const GET = serveRead(CONSOLE_READS.agentUsageCsv, async () =>
  csvResponse(`tandem-agent-usage-${new Date().toISOString().slice(0, 10)}.csv`, agentUsageCsv(await loadAgentUsage())),
);
