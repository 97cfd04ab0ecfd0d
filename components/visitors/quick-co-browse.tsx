"use client";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useCoBrowse } from "./use-co-browse";

/** One click from a list to a live session with the team's default permissions. */
export function QuickCoBrowse({ visitorId, label, className }: { visitorId: string; label: string; className?: string }) {
  const { start, pending, error } = useCoBrowse(visitorId);
  return (
    <span className={cn("inline-flex flex-col gap-1", className)}>
      <Button onClick={() => start()} disabled={pending} aria-busy={pending} aria-label={`Co-browse with ${label}`} className="px-3 py-1.5 whitespace-nowrap">
        {pending ? "Opening…" : "Co-browse"}
      </Button>
      {error ? (
        <span role="alert" className="max-w-48 text-xs text-red-700 dark:text-red-300">
          {error}
        </span>
      ) : null}
    </span>
  );
}
