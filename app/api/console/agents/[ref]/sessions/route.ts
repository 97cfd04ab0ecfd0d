import { parseAgentRef } from "@/lib/console/agents/agent-ref";
import { findAgentByRef } from "@/lib/console/agents/lookup";
import { sessionsCsv } from "@/lib/console/agents/session-csv";
import { filterSessions, parseSessionFilters } from "@/lib/console/agents/session-filters";
import { consoleRoute } from "@/lib/console/route";
import { errorResponse } from "@/lib/console/route-errors";
import { csvResponse } from "@/lib/console/csv";

/**
 * CSV of an agent's sessions with the filters of the agent page (?from=&to=&feature=&live=), newest
 * first: the same parser and predicate as the table on screen.
 */
export const GET = consoleRoute<{ params: Promise<{ ref: string }> }>("lead", async (request, { params }) => {
  const ref = parseAgentRef((await params).ref);
  if (!ref) return errorResponse(400, "invalid_request", "Name the agent as email:<address> or external:<id>.");
  const result = await findAgentByRef(ref);
  if (!result.found) return errorResponse(404, "not_found", "No agent with that email or external id.");
  const sessions = filterSessions(result.agent.sessions, parseSessionFilters(new URL(request.url).searchParams));
  const name = ref.kind === "email" ? ref.email : ref.externalId;
  return csvResponse(`tandem-sessions-${name}.csv`, sessionsCsv(sessions));
});
