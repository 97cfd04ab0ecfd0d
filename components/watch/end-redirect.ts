"use client";

import { useEffect } from "react";

/** After the end, an `on_end_url` takes the agent there, once the notice has been seen for a moment. */
export const END_REDIRECT_MS = 1500;

export function useEndRedirect(ended: boolean, onEndUrl: string | null): void {
  useEffect(() => {
    if (!ended || !onEndUrl) return;
    const timer = setTimeout(() => window.location.assign(onEndUrl), END_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [ended, onEndUrl]);
}
