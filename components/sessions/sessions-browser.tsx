"use client";

import { parseAsString, useQueryState } from "nuqs";
import { useMemo } from "react";
import { SelectField } from "@/components/ui/select-field";
import type { Session } from "@/lib/contract";
import { isAgentOf } from "@/lib/console/sessions/session-people";
import { SessionsDataTable } from "./table/data-table";

export interface SessionsMember {
  id: string;
  email: string;
  name: string;
}

/**
 * The Sessions page's table. With `members` (a lead's or an admin's view), an Agent filter, kept in the
 * URL as `agent=<email>`; choosing one offers that agent's CSV.
 */
export function SessionsBrowser({ sessions, members }: { sessions: Session[]; members: SessionsMember[] | null }) {
  const [agent, setAgent] = useQueryState("agent", parseAsString.withOptions({ history: "replace", scroll: false }));
  const member = members?.find((candidate) => candidate.email === agent) ?? null;
  const shown = useMemo(() => (member ? sessions.filter((session) => isAgentOf(session, member)) : sessions), [sessions, member]);
  return (
    <SessionsDataTable sessions={shown} agentRef={member ? { kind: "email", email: member.email } : undefined}>
      {members ? (
        <SelectField label="Agent" value={member?.email ?? ""} onChange={(event) => void setAgent(event.target.value || null)}>
          <option value="">Every agent</option>
          {members.map((candidate) => (
            <option key={candidate.id} value={candidate.email}>
              {candidate.name}
            </option>
          ))}
        </SelectField>
      ) : null}
    </SessionsDataTable>
  );
}
