"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";
import { parseVisitorQuery, visitorQueryString, type VisitorQuery } from "@/lib/console/visitors/search-params";

const DEBOUNCE_MS = 300;

/**
 * The Visitors query, read from the URL with the parser the server page uses. Changes are written back
 * with a debounced `router.replace`, so typing does not flood the history or the API.
 */
export function useVisitorQuery() {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const query = parseVisitorQuery(searchParams);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const setQuery = useCallback(
    (next: VisitorQuery, { immediate = false }: { immediate?: boolean } = {}) => {
      clearTimeout(timer.current);
      const go = () => router.replace(`${pathname}${visitorQueryString(next)}`, { scroll: false });
      if (immediate) go();
      else timer.current = setTimeout(go, DEBOUNCE_MS);
    },
    [pathname, router],
  );

  return { query, setQuery };
}
