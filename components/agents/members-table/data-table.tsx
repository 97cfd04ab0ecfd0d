import { Table, TableFrame, Td, Th } from "@/components/ui/table";
import { listConsoleMembers } from "@/lib/console/agents/console-users";
import { getDb } from "@/lib/db";
import { memberColumns } from "./columns";
import { MembersEmptyState } from "./empty-state";

/** The console's users and their roles; each name opens that agent's page. */
export async function MembersTable() {
  const members = await listConsoleMembers(await getDb());
  if (members.length === 0) return <MembersEmptyState />;
  return (
    <TableFrame>
      <Table aria-label="Console users">
        <thead>
          <tr>
            {memberColumns.map((column) => (
              <Th key={column.header}>{column.header}</Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id} data-testid="member-row">
              {memberColumns.map((column) => (
                <Td key={column.header}>{column.cell(member)}</Td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableFrame>
  );
}
