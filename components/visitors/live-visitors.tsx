"use client";

import { NuqsAdapter } from "nuqs/adapters/next/app";
import { SWRConfig } from "swr";
import type { Visitor } from "@/lib/contract";
import { VisitorsBrowser, type EarlyInput } from "./visitors-browser";

export interface LiveVisitorsProps {
  /** The server's first page, keyed by its URL, so the list starts from what the page already shows. */
  fallback: Record<string, Visitor[]>;
  early?: EarlyInput;
}

/**
 * The Visitors list's interactive part, loaded after the page: the query kept in the URL (nuqs) and the
 * rows kept fresh (SWR). Both libraries are mounted here, so neither is part of the page's first load.
 */
export function LiveVisitors({ fallback, early }: LiveVisitorsProps) {
  return (
    <NuqsAdapter>
      <SWRConfig value={{ fallback }}>
        <VisitorsBrowser early={early} />
      </SWRConfig>
    </NuqsAdapter>
  );
}
