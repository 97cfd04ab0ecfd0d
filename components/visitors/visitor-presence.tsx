"use client";

import { useEffect, useState } from "react";
import type { VisitorPresence as Presence } from "@/lib/console/reads/visitors";
import type { LivePresence } from "./live-presence";
import { PresenceLine } from "./presence-line";

/**
 * The visitor's presence next to Co-browse: the server's answer at once, then kept fresh by the polling
 * part, which loads after the page so its data layer is not part of the page's first load.
 */
export function VisitorPresence({ visitorId, initial }: { visitorId: string; initial: Presence }) {
  const [Live, setLive] = useState<typeof LivePresence | null>(null);
  useEffect(() => {
    let cancelled = false;
    import("./live-presence")
      .then((module) => !cancelled && setLive(() => module.LivePresence))
      // Without it the server's answer stays, as a reload would show it.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return Live ? <Live visitorId={visitorId} initial={initial} /> : <PresenceLine presence={initial} />;
}
