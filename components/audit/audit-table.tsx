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
import { auditTargetNames, type TargetName } from "@/lib/console/audit-log/targets";
import { getDb } from "@/lib/db";

/**
 * A page of the audit log. Narrow enough for a tablet: the address sits under the time, a failure is said
 * beside the action and the target under it, and long words (emails, keys' names, addresses) may break
 * anywhere, since a table cell's width ignores max-width: the Detail column stays on screen; targets are
 * named (auditTargetNames).
 */
export async function AuditTable({ filters }: { filters: AuditFilters }) {
  const db = await getDb();
  const { events, total, page, pageCount } = await listAuditEvents(db, filters);
  const targets = await auditTargetNames(db, events);
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
              <Th>When (UTC), from</Th>
              <Th>Who</Th>
              <Th>Action, target</Th>
              <Th>Detail</Th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id} data-testid="audit-row">
                <Td className="font-mono text-xs">
                  <time dateTime={event.at.toISOString()} className="whitespace-nowrap">
                    {event.at.toISOString().slice(0, 19).replace("T", " ")}
                  </time>{" "}
                  <span className="text-zinc-500 dark:text-zinc-400">UTC</span>
                  {event.ip ? <span className="block wrap-anywhere text-zinc-500 dark:text-zinc-400">{event.ip}</span> : null}
                </Td>
                <Td className="max-w-36 wrap-anywhere">{actorName(event) ?? <span className="text-zinc-500 dark:text-zinc-400">system</span>}</Td>
                <Td className="max-w-40 wrap-anywhere">
                  {actionLabel(event.action, event.outcome)}
                  {event.outcome === "failure" ? (
                    <Badge tone="danger" className="ml-1">
                      Failure
                    </Badge>
                  ) : null}
                  <AuditTarget name={targets.get(event)} />
                </Td>
                <Td className="min-w-40 text-xs wrap-anywhere text-zinc-600 dark:text-zinc-400">{formatDetail(event.detail)}</Td>
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

/** What the action was done to, on a line of its own under the action. */
function AuditTarget({ name }: { name: TargetName | undefined }) {
  if (!name) return null;
  if (!name.href) return <span className="block text-zinc-600 dark:text-zinc-400">{name.text}</span>;
  return (
    <Link href={name.href} className="block font-medium text-brand-600 hover:underline dark:text-brand-100">
      {name.text}
    </Link>
  );
}
