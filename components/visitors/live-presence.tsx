"use client";

import { useConsoleRead } from "@/components/console/use-console-read";
import { READ_ROUTES } from "@/lib/console/reads/routes";
import type { VisitorPresence } from "@/lib/console/reads/visitors";
import { PresenceLine } from "./presence-line";
import { VISITORS_REFRESH_MS } from "./use-visitors";

/** The visitor's presence kept fresh at the Visitors list's pace, starting from what the server rendered. */
export function LivePresence({ visitorId, initial }: { visitorId: string; initial: VisitorPresence }) {
  const { data } = useConsoleRead(
    READ_ROUTES.visitorPresence,
    { params: { id: visitorId } },
    { every: VISITORS_REFRESH_MS, initialData: { presence: initial } },
  );
  // A failed poll keeps the last answer on screen; the next one comes at the same pace.
  return <PresenceLine presence={data?.presence ?? initial} />;
}
