import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { HeadedTable, Td } from "@/components/ui/table";
import type { AgentSummary, Session } from "@/lib/contract";
import { agentRefPath } from "@/lib/console/agents/agent-ref";
import { sessionAgentRef } from "@/lib/console/agents/console-agent";
import { formatFeedback } from "@/lib/console/agents/session-format";
import { sessionStatus } from "@/lib/console/visitors/session-status";
import { RelativeTime } from "./relative-time";

/** An agent's name, linked to their page when the viewer may see it and the API gave a way to look them up. */
function AgentName({ agent, link }: { agent: AgentSummary; link: boolean }) {
  const ref = link ? sessionAgentRef(agent) : null;
  if (!ref) return agent.name;
  return (
    <Link href={agentRefPath(ref)} className="text-brand-700 underline underline-offset-2 dark:text-brand-100">
      {agent.name}
    </Link>
  );
}

/** The visitor's co-browsing sessions. Agents link to the Agents page for those allowed to see it. */
export function VisitorSessions({ sessions, linkAgents }: { sessions: Session[] | undefined; linkAgents: boolean }) {
  if (!sessions?.length) return <EmptyState title="No sessions with this visitor yet" />;
  return (
    <HeadedTable caption="Sessions" columns={["Started", "Length", "Agents", "Status", "Notes", "Feedback", "Recording"]}>
      {sessions.map((session) => (
        <tr key={session.id}>
          <Td className="whitespace-nowrap">
            <RelativeTime value={session.started_at} />
          </Td>
          <Td>{session.formatted_length}</Td>
          <Td>
            {session.agents.length === 0
              ? "—"
              : session.agents.map((agent, index) => (
                  <span key={agent.id}>
                    {index > 0 ? ", " : ""}
                    <AgentName agent={agent} link={linkAgents} />
                  </span>
                ))}
          </Td>
          <Td>{sessionStatus(session)}</Td>
          <Td className="max-w-xs text-xs whitespace-pre-line break-words">{session.agent_notes || "—"}</Td>
          <Td className="text-xs">{formatFeedback(session.quality_feedback) || "—"}</Td>
          <Td>
            {session.video_url ? (
              <a href={session.video_url} target="_blank" rel="noreferrer" className="text-brand-700 underline underline-offset-2 dark:text-brand-100">
                Recording
              </a>
            ) : (
              "—"
            )}
          </Td>
        </tr>
      ))}
    </HeadedTable>
  );
}
