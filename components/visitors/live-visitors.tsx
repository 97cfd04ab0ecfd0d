"use client";

import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useState } from "react";
import type { Visitor } from "@/lib/contract";
import { seedVisitors } from "./use-visitors";
import { VisitorsBrowser, type EarlyInput } from "./visitors-browser";

export interface LiveVisitorsProps {
  /** The server's first page and the list URL it answers, so the list starts from what the page already shows. */
  first: { url: string; visitors: Visitor[] };
  early?: EarlyInput;
}

/**
 * The Visitors list's interactive part, loaded after the page: the query kept in the URL (nuqs) and the
 * rows kept fresh (React Query). Both libraries load here, so neither is part of the page's first load;
 * the server's first page, already rendered as HTML, seeds the query's cache once.
 */
export function LiveVisitors({ first, early }: LiveVisitorsProps) {
  useState(() => seedVisitors(first.url, first.visitors));
  return (
    <NuqsAdapter>
      <VisitorsBrowser early={early} />
    </NuqsAdapter>
  );
}
