import { Table, TableFrame, Td, Th } from "@/components/ui/table";
import type { Visitor } from "@/lib/contract";
import { VISITOR_COLUMNS } from "./columns";
import { VisitorCards } from "./visitor-cards";

/** A table on wide screens, cards on tablets and phones (where seven columns would scroll sideways). */
export function VisitorsDataTable({ visitors }: { visitors: Visitor[] }) {
  return (
    <>
      <TableFrame className="hidden lg:block">
        <Table aria-label="Visitors" className="table-fixed">
          <colgroup>
            <col className="w-32" />
            <col className="w-[22%]" />
            <col />
            <col className="w-28" />
            <col className="w-[12%]" />
            <col className="w-[13%]" />
            <col className="w-32" />
          </colgroup>
          <thead>
            <tr>
              {VISITOR_COLUMNS.map((column) => (
                <Th key={column.id} className={column.id === "action" ? "sr-only" : undefined}>
                  {column.header}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visitors.map((visitor) => (
              <tr key={visitor.short_id} data-visitor-id={visitor.short_id}>
                {VISITOR_COLUMNS.map((column) => (
                  <Td key={column.id} className="break-words">
                    {column.cell(visitor)}
                  </Td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableFrame>
      <VisitorCards visitors={visitors} className="lg:hidden" />
    </>
  );
}
