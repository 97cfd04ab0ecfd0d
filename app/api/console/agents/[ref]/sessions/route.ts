import { findAgentByRef } from "@/lib/console/agents/lookup";
import { sessionsCsv } from "@/lib/console/agents/session-csv";
import { filterSessions } from "@/lib/console/agents/session-filters";
import { csvResponse } from "@/lib/console/csv";
import { CONSOLE_READS } from "@/lib/console/reads";
import { serveRead } from "@/lib/console/reads/serve";
import { RouteError } from "@/lib/console/route-errors";

/** The same predicate as the agent page's table, so the download holds the rows on screen. */
export const GET = serveRead(CONSOLE_READS.agentSessionsCsv, async ({ params: { ref }, query }) => {
  const result = await findAgentByRef(ref);
  if (!result.found) throw new RouteError(404, "not_found", "No agent with that email or external id.");
  const name = ref.kind === "email" ? ref.email : ref.externalId;
  return csvResponse(`tandem-sessions-${name}.csv`, sessionsCsv(filterSessions(result.agent.sessions, query)));
});
