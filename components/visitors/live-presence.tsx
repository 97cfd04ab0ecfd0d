"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchConsoleJson, pollEvery } from "@/components/console/polling";
import { consoleQueryClient } from "@/components/console/query-client";
import type { VisitorPresence } from "@/lib/console/visitors/presence";
import { PresenceLine } from "./presence-line";
import { VISITORS_REFRESH_MS } from "./use-visitors";

/** The visitor's presence kept fresh at the Visitors list's pace, starting from what the server rendered. */
export function LivePresence({ visitorId, initial }: { visitorId: string; initial: VisitorPresence }) {
  const url = `/api/console/visitors/${encodeURIComponent(visitorId)}/presence`;
  const { data } = useQuery(
    {
      queryKey: ["visitor-presence", visitorId],
      queryFn: async () => (await fetchConsoleJson<{ presence: VisitorPresence }>(url)).presence,
      initialData: initial,
      ...pollEvery(VISITORS_REFRESH_MS),
    },
    consoleQueryClient(),
  );
  // A failed poll keeps the last answer on screen; the next one comes at the same pace.
  return <PresenceLine presence={data} />;
}
