"use client";

import { useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { QuickCoBrowse } from "@/components/visitors/quick-co-browse";
import { useCoBrowse } from "@/components/visitors/use-co-browse";
import { visitorDisplayName } from "@/components/visitors/visitor-badges";
import { claimHelpRequest, releaseHelpRequest } from "@/lib/console/help-queue/actions";
import { refreshHelpQueue, type HelpQueueEntry } from "./use-help-queue";

/**
 * Take a request: one click claims it and opens the co-browse. Once taken, co-browse again or hand it
 * back; a request someone else took says who.
 */
export function HelpRequestActions({ request, me }: { request: HelpQueueEntry; me: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const coBrowse = useCoBrowse(request.visitor.short_id);
  const name = visitorDisplayName(request.visitor);
  const visitorId = request.visitor.short_id;

  const run = (action: typeof claimHelpRequest, then?: () => void) =>
    startTransition(async () => {
      setError(null);
      const result = await action({ visitorId });
      if (!result.ok) setError(result.error);
      else then?.();
      await refreshHelpQueue();
    });

  const claimer = request.claimedBy;
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <div className="flex flex-wrap items-center gap-2">
        {claimer === null ? (
          <Button
            onClick={() => run(claimHelpRequest, () => coBrowse.start())}
            disabled={pending || coBrowse.pending}
            aria-busy={pending || coBrowse.pending}
            aria-label={`Take the request of ${name} and co-browse`}
          >
            {coBrowse.pending ? "Opening…" : "Take"}
          </Button>
        ) : claimer.id === me ? (
          <>
            <Badge tone="info" data-testid="help-claim">
              Taken by you
            </Badge>
            <QuickCoBrowse visitorId={visitorId} label={name} />
            <Button variant="secondary" onClick={() => run(releaseHelpRequest)} disabled={pending} aria-label={`Hand back the request of ${name}`}>
              Hand back
            </Button>
          </>
        ) : (
          <Badge tone="warning" data-testid="help-claim">
            Taken by {claimer.name}
          </Badge>
        )}
      </div>
      {error || coBrowse.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error ?? coBrowse.error}
        </p>
      ) : null}
    </div>
  );
}
