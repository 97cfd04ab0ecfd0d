import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError, type Agent } from "@/lib/client";
import { describeAgentRef, type AgentRef } from "@/lib/console/agents/agent-ref";
import { findAgentByRef, type AgentLookupResult } from "@/lib/console/agents/lookup";
import { formatUtc } from "@/lib/console/usage/format";
import { WidgetError } from "@/components/usage/widget-error";
import { AgentLookupForm } from "./lookup-form";

const yesNo = (value: boolean) => (value ? "Yes" : "No");

function profileFields(agent: Agent, consoleAgentId: string | undefined): Array<[string, React.ReactNode]> {
  const offset = agent.signup_hours_offset;
  return [
    ["Email", agent.email || "—"],
    // How the console names this user to the API: a hosted account's External Agent by that id is them.
    ...(consoleAgentId ? [["Id the console gives the API", <code key="console-id">{consoleAgentId}</code>] as [string, React.ReactNode]] : []),
    ["Nickname", agent.agent_nickname || "—"],
    ["First name", agent.first_name || "—"],
    ["Last name", agent.last_name || "—"],
    ["Id in the co-browsing API", <code key="id">{agent.id}</code>],
    ["Phone", agent.phone_number ?? "—"],
    ["Time zone", agent.timezone ?? "—"],
    ["Time zone at sign-up (UTC offset)", `${offset >= 0 ? "+" : ""}${offset} h`],
    ["Created", formatUtc(agent.created_at)],
    ["Last active", formatUtc(agent.last_request_at)],
    ["Takes live support", yesNo(agent.live_support)],
    ["Two-factor sign-in", yesNo(agent.mfa_enabled)],
    ["Has a password", yesNo(agent.password)],
    ["Signs in through single sign-on", yesNo(agent.from_oauth)],
  ];
}

/** The agent's profile: every Agent field worth reading. "No agent with that …" when the API has none. */
export async function AgentProfile({ agentRef }: { agentRef: AgentRef }) {
  let result: AgentLookupResult;
  try {
    result = await findAgentByRef(agentRef);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return <WidgetError title="This agent could not be loaded" error={error} />;
  }
  if (!result.found) return <AgentNotFound agentRef={agentRef} />;

  const { agent } = result;
  return (
    <section aria-labelledby="profile-heading" className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="profile-heading" className="text-lg font-semibold">
          {agent.name || agent.agent_nickname || agent.email}
        </h2>
        <Badge tone={agent._type === "user" ? "info" : "neutral"}>{agent._type === "user" ? "User" : "External agent"}</Badge>
        <Badge tone="neutral">
          {agent.sessions.length} session{agent.sessions.length === 1 ? "" : "s"}
        </Badge>
      </div>
      {/* Long ids break anywhere: on a phone they would otherwise widen the page. */}
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {profileFields(agent, result.consoleAgentId).map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="mt-0.5 wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function AgentNotFound({ agentRef }: { agentRef: AgentRef }) {
  const what = agentRef.kind === "email" ? "email" : "external id";
  return (
    <EmptyState title={`No agent with that ${what}`}>
      <p>
        The co-browsing API knows no agent with the {describeAgentRef(agentRef)}. An agent appears once they have been sent on a co-browsing session; check the
        spelling or look up someone else.
      </p>
      <div className="mt-4 text-left">
        <AgentLookupForm by={agentRef.kind} query={agentRef.kind === "email" ? agentRef.email : agentRef.externalId} />
      </div>
      <Link href="/agents" className="mt-3 inline-block font-medium text-brand-600 hover:underline dark:text-brand-100">
        Back to Agents
      </Link>
    </EmptyState>
  );
}

export function AgentProfileSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the agent’s profile"
      className="rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <Skeleton className="h-6 w-56" />
      <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-9" />
        ))}
      </div>
    </div>
  );
}
