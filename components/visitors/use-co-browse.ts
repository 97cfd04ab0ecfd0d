"use client";

import { useState, useTransition } from "react";
import { startCoBrowse } from "@/lib/console/visitors/actions";
import type { CoBrowsePermissions } from "@/lib/console/permissions";

/**
 * Starts co-browsing a visitor: the server creates the Secure watch link and the browser loads it (a
 * full page load, so the watch page runs under its own security policy). Leaving out the permissions
 * uses the team's defaults.
 */
export function useCoBrowse(visitorId: string) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const start = (permissions?: CoBrowsePermissions) =>
    startTransition(async () => {
      setError(null);
      const result = await startCoBrowse({ visitorId, ...(permissions ? { permissions } : {}) });
      if (result.ok) window.location.assign(result.data.watchUrl);
      else setError(result.error);
    });
  return { start, pending, error };
}
