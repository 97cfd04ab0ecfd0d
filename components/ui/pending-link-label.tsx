"use client";

import { useLinkStatus } from "next/link";
import type { ReactNode } from "react";

/**
 * A `<Link>`'s label that pulses while the page it opens renders: a page whose every section loads
 * again keeps the old view until the new one is ready, and the click should show at once.
 */
export function PendingLinkLabel({ children }: { children: ReactNode }) {
  const { pending } = useLinkStatus();
  return (
    <span data-pending={pending || undefined} className={pending ? "animate-pulse" : undefined}>
      {children}
    </span>
  );
}
