"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useConsoleRead } from "@/components/console/use-console-read";
import { READ_ROUTES } from "@/lib/console/reads/routes";

/** How many of the matching visitors the palette lists. */
const SHOWN = 5;
const TYPING_PAUSE_MS = 250;

/** The visitors matching what is typed in the palette, asked once typing pauses; the last answer stays meanwhile. */
export function usePaletteVisitors(text: string) {
  const [search, setSearch] = useState(text.trim());
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const query = useConsoleRead(
    READ_ROUTES.visitors,
    { query: { search, status: "all" } },
    { enabled: search.length >= 2, placeholderData: keepPreviousData, staleTime: 10_000 },
  );
  const visitors = search.length >= 2 && text.trim() !== "" ? (query.data?.visitors.slice(0, SHOWN) ?? []) : [];
  return { visitors, loading: query.isFetching, error: query.error };
}
