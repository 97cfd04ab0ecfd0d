import "server-only";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableFrame, Td, Th } from "@/components/ui/table";
import { actorName } from "@/lib/console/audit-log/actor";
import { formatDetail } from "@/lib/console/audit-log/detail";
import { auditFiltersQuery, type AuditFilters } from "@/lib/console/audit-log/filters";
import { actionLabel } from "@/lib/console/audit-log/labels";
import { listAuditEvents } from "@/lib/console/audit-log/query";
import { getDb } from "@/lib/db";

export async function AuditTable({ filters }: { filters: AuditFilters }) {
  const { events, total, page, pageCount } = await listAuditEvents(await getDb(), filters);
  const filtered = Object.keys(filters).some((key) => key !== "page");
  if (events.length === 0) {
    return (
      <EmptyState
        title={filtered ? "No events match these filters" : "No events yet"}
        action={
          filtered ? (
            <Link href="/audit" className={buttonClass("secondary")}>
              Clear filters
            </Link>
          ) : undefined
        }
      >
        {filtered ? "Widen the date range or remove a filter." : "Sign-ins, co-browse links, stopped sessions and setting changes appear here."}
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {/* Long details scroll sideways; the frame takes focus so the keyboard can scroll it too. */}
      <TableFrame tabIndex={0} role="region" aria-label="Audit events">
        <Table>
          <caption className="sr-only">Audit events, newest first</caption>
          <thead>
            <tr>
              <Th>When (UTC)</Th>
              <Th>Who</Th>
              <Th>Action</Th>
              <Th>Outcome</Th>
              <Th>Target</Th>
              <Th>From (IP)</Th>
              <Th>Detail</Th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id} data-testid="audit-row">
                <Td className="font-mono text-xs whitespace-nowrap">
                  <time dateTime={event.at.toISOString()}>{event.at.toISOString().slice(0, 19).replace("T", " ")}</time>{" "}
                  <span className="text-zinc-500 dark:text-zinc-400">UTC</span>
                </Td>
                <Td className="whitespace-nowrap">{actorName(event) ?? <span className="text-zinc-500 dark:text-zinc-400">system</span>}</Td>
                <Td>{actionLabel(event.action, event.outcome)}</Td>
                <Td>{event.outcome === "success" ? <Badge tone="success">Success</Badge> : <Badge tone="danger">Failure</Badge>}</Td>
                <Td className="max-w-48 break-all">{event.target ?? ""}</Td>
                <Td className="font-mono text-xs whitespace-nowrap">{event.ip ?? ""}</Td>
                <Td className="max-w-80 text-xs break-words text-zinc-600 dark:text-zinc-400">{formatDetail(event.detail)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableFrame>
      <nav aria-label="Audit pages" className="flex items-center justify-between gap-3 text-sm">
        <p>
          {total} event{total === 1 ? "" : "s"} · page {page} of {pageCount}
        </p>
        <div className="flex gap-2">
          {page > 1 ? (
            <Link href={`/audit${auditFiltersQuery({ ...filters, page: page - 1 })}`} className={buttonClass("secondary")} rel="prev">
              Previous
            </Link>
          ) : null}
          {page < pageCount ? (
            <Link href={`/audit${auditFiltersQuery({ ...filters, page: page + 1 })}`} className={buttonClass("secondary")} rel="next">
              Next
            </Link>
          ) : null}
        </div>
      </nav>
    </div>
  );
}
