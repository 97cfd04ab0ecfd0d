"use client";

import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { nextVisitorLimit, ONLINE_FILTERS, VISITORS_PAGE_SIZE, type OnlineFilter } from "@/lib/console/visitors/search-params";
import { SearchHelp } from "./search-help";
import { VisitorsDataTable } from "./table/data-table";
import { VisitorsEmptyState } from "./table/empty-state";
import { TableSkeleton } from "@/components/ui/skeleton";
import { useVisitorQuery } from "./use-visitor-query";
import { useVisitors } from "./use-visitors";

const FILTER_LABELS: Record<OnlineFilter, string> = { all: "All", online: "Online", offline: "Offline" };

/** What the count line says: exact below the rows asked for; at the limit, more may match. */
function matchCount(shown: number, limit: number): string {
  if (shown < limit) return shown === 1 ? "1 visitor matches" : `${shown} visitors match`;
  return limit >= 500 ? `Showing the first ${shown} matches, the most the API returns: narrow the search to find others` : `Showing the first ${shown} matches`;
}

/** Search box, online filter and the live table; the query lives in the URL. */
export function VisitorsBrowser() {
  const { query, setQuery } = useVisitorQuery();
  const [text, setText] = useState(query.search);
  const visitors = useVisitors(query);
  const more = nextVisitorLimit(query.limit);

  // A search from elsewhere (the command palette, back/forward) replaces what the box shows; the box's
  // own debounced writes do not, so typing is never overwritten.
  const written = useRef(query.search);
  useEffect(() => {
    if (query.search !== written.current) setText(query.search);
    written.current = query.search;
  }, [query.search]);
  const type = (value: string) => {
    setText(value);
    written.current = value;
    setQuery({ search: value, limit: VISITORS_PAGE_SIZE });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <form
          role="search"
          className="flex min-w-0 flex-[1_1_16rem] flex-col gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            setQuery({ search: text, limit: VISITORS_PAGE_SIZE }, { immediate: true });
          }}
        >
          <label htmlFor="visitor-search" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
            Search visitors
          </label>
          <input
            id="visitor-search"
            type="search"
            value={text}
            placeholder="Email, #tag, ip:…, id:…, lookup code or any text"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => type(event.target.value)}
            className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-zinc-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
          />
        </form>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-zinc-700 dark:text-zinc-300">Show</legend>
          <div className="inline-flex rounded-md border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900">
            {ONLINE_FILTERS.map((filter) => (
              <label
                key={filter}
                className={cn(
                  "cursor-pointer rounded px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                  query.status === filter ? "bg-brand-600 text-white" : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
                )}
              >
                <input
                  type="radio"
                  name="online-filter"
                  value={filter}
                  checked={query.status === filter}
                  onChange={() => setQuery({ search: text, status: filter, limit: VISITORS_PAGE_SIZE }, { immediate: true })}
                  className="sr-only"
                />
                {FILTER_LABELS[filter]}
              </label>
            ))}
          </div>
        </fieldset>
        <SearchHelp />
      </div>

      {visitors.error && !visitors.data ? (
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          <span>Visitors could not be loaded: {visitors.error.message}</span>
          <Button variant="secondary" onClick={visitors.refresh}>
            Try again
          </Button>
        </Alert>
      ) : visitors.data === undefined ? (
        <TableSkeleton label="Loading visitors" rows={8} />
      ) : visitors.data.length === 0 ? (
        <VisitorsEmptyState searching={query.search.trim() !== "" || query.status !== "all"} />
      ) : (
        <>
          {visitors.error ? <Alert>Refreshing failed: {visitors.error.message} The table shows the last answer.</Alert> : null}
          <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite" data-testid="visitor-count">
            {matchCount(visitors.data.length, query.limit)}
            {visitors.isPlaceholderData ? " (updating…)" : ""}
          </p>
          <VisitorsDataTable visitors={visitors.data} />
          {visitors.data.length >= query.limit && more !== null ? (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                disabled={visitors.isPlaceholderData}
                aria-busy={visitors.isPlaceholderData}
                onClick={() => setQuery({ limit: more }, { immediate: true })}
              >
                {visitors.isPlaceholderData ? "Loading…" : `Load ${more - query.limit} more`}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
