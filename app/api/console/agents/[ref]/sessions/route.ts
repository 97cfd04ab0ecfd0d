import { parseAgentRef } from "@/lib/console/agents/agent-ref";
import { findAgentByRef } from "@/lib/console/agents/lookup";
import { sessionsCsv } from "@/lib/console/agents/session-csv";
import { filterSessions, parseSessionFilters } from "@/lib/console/agents/session-filters";
import { consoleRoute } from "@/lib/console/route";
import { csvResponse } from "@/lib/console/csv";

/**
 * CSV of an agent's sessions with the filters of the agent page (?from=&to=&feature=&live=), newest
 * first: the same parser and predicate as the table on screen.
 */
export const GET = consoleRoute<{ params: Promise<{ ref: string }> }>("lead", async (request, { params }) => {
  const ref = parseAgentRef((await params).ref);
  if (!ref)
    return Response.json({ status: "error", error: "invalid_request", message: "Name the agent as email:<address> or external:<id>." }, { status: 400 });
  const result = await findAgentByRef(ref);
  if (!result.found) return Response.json({ status: "error", error: "not_found", message: "No agent with that email or external id." }, { status: 404 });
  const sessions = filterSessions(result.agent.sessions, parseSessionFilters(new URL(request.url).searchParams));
  const name = ref.kind === "email" ? ref.email : ref.externalId;
  return csvResponse(`tandem-sessions-${name}.csv`, sessionsCsv(sessions));
});
