"use client";

import { useQueryStates } from "nuqs";
import { useCallback, useEffect, useRef } from "react";
import { visitorSearchParams, type VisitorQuery } from "@/lib/console/visitors/search-params";

const DEBOUNCE_MS = 300;

/**
 * The Visitors query, read from the URL with the parsers the server page uses. Typing is applied
 * debounced (the search box keeps its own text meanwhile): nuqs hands its state to the table at once,
 * so the delay belongs here, or every keystroke would ask the API.
 */
export function useVisitorQuery() {
  const [query, setQueryStates] = useQueryStates(visitorSearchParams, { history: "replace", scroll: false });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const setQuery = useCallback(
    (next: Partial<VisitorQuery>, { immediate = false }: { immediate?: boolean } = {}) => {
      clearTimeout(timer.current);
      const go = () => void setQueryStates(next);
      if (immediate) go();
      else timer.current = setTimeout(go, DEBOUNCE_MS);
    },
    [setQueryStates],
  );

  return { query: { ...query, search: query.search.slice(0, 500) }, setQuery };
}
