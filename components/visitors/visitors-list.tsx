"use client";

import { Fragment, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Alert } from "@/components/ui/alert";
import { isOnlineFilter } from "@/lib/console/visitors/query-values";
import type { DehydratedState } from "@tanstack/react-query";
import type { VisitorQuery } from "@/lib/console/visitors/search-params";
import { prefetchedAnswer } from "@/lib/console/reads/define";
import { READ_ROUTES } from "@/lib/console/reads/routes";
import type { LiveVisitorsProps } from "./live-visitors";
import type { EarlyInput } from "./visitors-browser";
import { VisitorResults } from "./visitor-results";
import { VISITOR_SEARCH_FORM_ID, VisitorSearchForm } from "./visitor-search-form";

type LiveVisitorsComponent = (props: LiveVisitorsProps) => React.ReactNode;

/** The search and filter as the person left them in the server-rendered form. */
function readEarlyInput(): EarlyInput | undefined {
  const form = document.getElementById(VISITOR_SEARCH_FORM_ID);
  if (!(form instanceof HTMLFormElement)) return undefined;
  const data = new FormData(form);
  const status = data.get("status");
  return {
    search: String(data.get("search") ?? ""),
    status: isOnlineFilter(status) ? status : "all",
  };
}

const focusables = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>("input:not([type=hidden]), button, a[href]")];

/**
 * The Visitors list. It first renders the server's first page with plain HTML forms (GET /visitors: the
 * URL is the state), which work before any of the list's code has loaded; the live list (polling, the URL
 * kept in sync, Load more in place) loads after the page and takes over. Both render the same markup, so
 * nothing moves; what was typed or chosen meanwhile, and the focus and caret, carry over.
 */
export function VisitorsList({
  query,
  initial,
  refused,
  fallbackHash,
}: {
  query: VisitorQuery;
  /** The server's prefetched React Query cache: its first page of the list, under the key hashed `fallbackHash`. */
  initial: DehydratedState;
  /** Why the API refused the search, when it did: shown instead of the results. */
  refused: string | null;
  fallbackHash: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState<{ Live: LiveVisitorsComponent; early?: EarlyInput } | null>(null);

  useEffect(() => {
    let cancelled = false;
    import("./live-visitors")
      .then(({ LiveVisitors }) => {
        const root = frame.current;
        if (cancelled || !root) return;
        const active = document.activeElement;
        const focused = focusables(root).findIndex((element) => element === active);
        const caret = active instanceof HTMLInputElement && active.type === "search" ? [active.selectionStart, active.selectionEnd] : null;
        // Read and swapped in one task: no keystroke can land in between.
        flushSync(() => setLive({ Live: LiveVisitors, early: readEarlyInput() }));
        const target = focused >= 0 ? focusables(root)[focused] : undefined;
        target?.focus({ preventScroll: true });
        if (caret && target instanceof HTMLInputElement) target.setSelectionRange(caret[0], caret[1]);
      })
      // Without its live part the list still works as the server sent it: searches and Load more reload the page.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <div ref={frame} className="flex flex-col gap-4">
      {live ? (
        // A refused search has no first page: the live list asks again and says why it can't show one.
        <live.Live initial={initial} early={live.early} />
      ) : (
        // Keyed by the query: a new query from the server (the command palette) shows in a fresh form.
        <Fragment key={fallbackHash}>
          <VisitorSearchForm search={query.search} status={query.status} />
          {refused === null ? (
            <VisitorResults visitors={prefetchedAnswer(READ_ROUTES.visitors, initial, fallbackHash)?.visitors ?? []} query={query} />
          ) : (
            <Alert>Visitors could not be loaded: {refused}</Alert>
          )}
        </Fragment>
      )}
    </div>
  );
}
