"use client";

import { useEffect } from "react";

/** After the end, an `on_end_url` takes the agent there, once the notice has been seen for a moment. */
export const END_REDIRECT_MS = 1500;

/**
 * Leaves the spent watch page: `replace`, so Back from where it lands does not return to a session that
 * is over.
 */
export function leaveWatchPage(href: string): void {
  window.location.replace(href);
}

export function useEndRedirect(ended: boolean, onEndUrl: string | null): void {
  useEffect(() => {
    // Framed, the embedding page decides where to go (it is told by postMessage, docs/embedding.md).
    if (!ended || !onEndUrl || window.parent !== window) return;
    const timer = setTimeout(() => leaveWatchPage(onEndUrl), END_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [ended, onEndUrl]);
}
