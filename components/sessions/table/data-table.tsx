"use client";

import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type PaginationState,
  type SortingState,
} from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { Table, TableFrame, Td, Th } from "@/components/ui/table";
import type { Session } from "@/lib/contract";
import { agentRefText, type AgentRef } from "@/lib/console/agents/agent-ref";
import { featureOptions, filterSessions, hasSessionFilters, type SessionFilters } from "@/lib/console/agents/session-filters";
import { readUrl } from "@/lib/console/reads/define";
import { READ_ROUTES } from "@/lib/console/reads/routes";
import { DEVELOPER_COLUMNS, sessionColumns } from "./columns";
import { ColumnsMenu } from "./columns-menu";
import { SessionsEmptyState } from "./empty-state";
import { SessionFiltersBar } from "./filters";
import { useColumnChoice } from "./use-column-choice";
import { useSessionFilters } from "./use-session-filters";

const PAGE_SIZES = [10, 25, 50];

/**
 * A list of sessions (an agent's, or the Sessions page's): filter (shared predicate with the CSV export),
 * sort, choose the columns, paginate; with an agent, the download answers the same rows as CSV. `children`
 * sits first among the filters (the Sessions page's choice of agent).
 */
export function SessionsDataTable({ sessions, agentRef, children }: { sessions: Session[]; agentRef?: AgentRef; children?: React.ReactNode }) {
  const [filters, setUrlFilters] = useSessionFilters();
  const rows = useMemo(() => filterSessions(sessions, filters), [sessions, filters]);
  const features = useMemo(() => featureOptions(sessions), [sessions]);
  const [sorting, setSorting] = useState<SortingState>([{ id: "started", desc: true }]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZES[0] });
  const [columnVisibility, setColumnVisibility] = useColumnChoice(DEVELOPER_COLUMNS);

  const setFilters = (next: SessionFilters) => {
    setUrlFilters(next);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  };

  // TanStack Table returns new functions each render by design; the React Compiler lint flags that.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: sessionColumns,
    state: { sorting, pagination, columnVisibility },
    onSortingChange: setSorting,
    onColumnVisibilityChange: (update) => setColumnVisibility(typeof update === "function" ? update(columnVisibility) : update),
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
  });

  const download = agentRef ? readUrl(READ_ROUTES.agentSessionsCsv, { params: { ref: agentRefText(agentRef) }, query: filters }) : null;
  const first = rows.length === 0 ? 0 : pagination.pageIndex * pagination.pageSize + 1;
  const last = Math.min(rows.length, (pagination.pageIndex + 1) * pagination.pageSize);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SessionFiltersBar filters={filters} features={features} onChange={setFilters}>
          {children}
        </SessionFiltersBar>
        <div className="ml-auto flex gap-2">
          <ColumnsMenu columns={table.getAllLeafColumns()} />
          {download ? (
            <a href={download} download className={buttonClass("secondary")}>
              Download CSV
            </a>
          ) : null}
        </div>
      </div>

      <p aria-live="polite" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="sessions-summary">
        {rows.length === sessions.length
          ? `${sessions.length} session${sessions.length === 1 ? "" : "s"}`
          : `${rows.length} of ${sessions.length} sessions match`}
      </p>

      {rows.length === 0 ? (
        <SessionsEmptyState filtered={hasSessionFilters(filters)} onClear={() => setFilters({})} />
      ) : (
        <>
          <TableFrame>
            <Table aria-label="Sessions">
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => {
                      const sorted = header.column.getIsSorted();
                      const label = flexRender(header.column.columnDef.header, header.getContext());
                      return (
                        <Th
                          key={header.id}
                          aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : header.column.getCanSort() ? "none" : undefined}
                          className="whitespace-nowrap"
                        >
                          {header.column.getCanSort() ? (
                            <button
                              type="button"
                              onClick={header.column.getToggleSortingHandler()}
                              className="inline-flex items-center gap-1 uppercase hover:text-zinc-900 dark:hover:text-zinc-100"
                            >
                              {label}
                              <span aria-hidden>{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
                            </button>
                          ) : (
                            label
                          )}
                        </Th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.original.id} data-testid="session-row">
                    {row.getVisibleCells().map((cell) => (
                      <Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableFrame>

          <nav aria-label="Sessions pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-zinc-600 dark:text-zinc-400">
              Showing {first}–{last} of {rows.length} · page {pagination.pageIndex + 1} of {table.getPageCount()}
            </p>
            <div className="flex items-center gap-2">
              <label htmlFor="sessions-page-size" className="text-zinc-600 dark:text-zinc-400">
                Rows per page
              </label>
              <select
                id="sessions-page-size"
                value={pagination.pageSize}
                onChange={(e) => setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}
                className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 dark:border-zinc-700 dark:bg-zinc-900"
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
              <Button variant="secondary" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
                Previous page
              </Button>
              <Button variant="secondary" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
                Next page
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
