import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { agentRefPath } from "@/lib/console/agents/agent-ref";
import type { ConsoleMember } from "@/lib/console/agents/console-users";
import { ROLE_LABELS } from "@/lib/console/auth/roles";

export const memberColumns: Array<{ header: string; cell: (member: ConsoleMember) => React.ReactNode }> = [
  {
    header: "Name",
    cell: (member) => (
      <Link href={agentRefPath({ kind: "email", email: member.email })} className="font-medium text-brand-600 hover:underline dark:text-brand-100">
        {member.name}
      </Link>
    ),
  },
  { header: "Email", cell: (member) => member.email },
  { header: "Role", cell: (member) => <Badge tone={member.role === "agent" ? "neutral" : "info"}>{ROLE_LABELS[member.role]}</Badge> },
  { header: "Status", cell: (member) => (member.disabled ? <Badge tone="warning">Disabled</Badge> : <Badge tone="success">Active</Badge>) },
];
