import { Table, TableFrame, Td, Th } from "@/components/ui/table";
import type { Visitor } from "@/lib/contract";
import { VISITOR_COLUMNS } from "./columns";

export function VisitorsDataTable({ visitors }: { visitors: Visitor[] }) {
  return (
    <TableFrame>
      <Table aria-label="Visitors">
        <thead>
          <tr>
            {VISITOR_COLUMNS.map((column) => (
              <Th key={column.id}>{column.header}</Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {visitors.map((visitor) => (
            <tr key={visitor.short_id} data-visitor-id={visitor.short_id}>
              {VISITOR_COLUMNS.map((column) => (
                <Td key={column.id} className={column.className}>
                  {column.cell(visitor)}
                </Td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableFrame>
  );
}
