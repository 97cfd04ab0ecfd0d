"use client";

import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TableSkeleton } from "@/components/ui/skeleton";
import { VISITORS_PAGE_SIZE, type OnlineFilter } from "@/lib/console/visitors/query-values";
import { useVisitorQuery } from "./use-visitor-query";
import { useVisitors } from "./use-visitors";
import { VisitorResults } from "./visitor-results";
import { VisitorSearchForm } from "./visitor-search-form";

/** What the server-rendered form held when this part took over: typed or chosen before it loaded. */
export interface EarlyInput {
  search: string;
  status: OnlineFilter;
}

/** Search box, online filter and the live table; the query lives in the URL. */
export function VisitorsBrowser({ early }: { early?: EarlyInput }) {
  const { query, setQuery } = useVisitorQuery();
  const [text, setText] = useState(early?.search ?? query.search);
  const visitors = useVisitors(query);

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
  const choose = (status: OnlineFilter) => setQuery({ search: text, status, limit: VISITORS_PAGE_SIZE }, { immediate: true });

  // Searched once: what the server-rendered form held that the URL does not say yet.
  const pending = useRef(early);
  useEffect(() => {
    const input = pending.current;
    pending.current = undefined;
    if (!input) return;
    if (input.status !== query.status) choose(input.status);
    else if (input.search !== query.search) type(input.search);
  });

  return (
    <>
      <VisitorSearchForm
        search={text}
        status={query.status}
        onType={type}
        onStatus={choose}
        onSearch={() => setQuery({ search: text, limit: VISITORS_PAGE_SIZE }, { immediate: true })}
      />
      {visitors.error && !visitors.data ? (
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          <span>Visitors could not be loaded: {visitors.error.message}</span>
          <Button variant="secondary" onClick={visitors.refresh}>
            Try again
          </Button>
        </Alert>
      ) : visitors.data === undefined ? (
        <TableSkeleton label="Loading visitors" rows={8} />
      ) : (
        <>
          {visitors.error && visitors.data.length > 0 ? <Alert>Refreshing failed: {visitors.error.message} The table shows the last answer.</Alert> : null}
          <VisitorResults
            visitors={visitors.data}
            query={query}
            updating={visitors.isPlaceholderData}
            onLoadMore={(limit) => setQuery({ limit }, { immediate: true })}
          />
        </>
      )}
    </>
  );
}
