"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { RelativeTime } from "@/components/visitors/relative-time";
import { VisitorPage } from "@/components/visitors/table/columns";
import { visitorDisplayName } from "@/components/visitors/visitor-badges";
import { HelpAlertsToggle } from "./help-alerts-toggle";
import { HelpQueueFrame, HelpQueueLoadingText } from "./help-queue-frame";
import { HelpRequestActions } from "./help-request-actions";
import { useHelpQueue } from "./use-help-queue";

/** Visitors asking for help, oldest first, above the Visitors list. */
export function HelpQueuePanel() {
  const { data: queue, error } = useHelpQueue();
  const requests = queue?.requests ?? [];

  return (
    <HelpQueueFrame title={`Asking for help${queue ? ` (${requests.length})` : ""}`} actions={queue ? <HelpAlertsToggle enabled={queue.alerts} /> : null}>
      {error && !queue ? (
        <Alert>The help queue could not be loaded: {error.message}</Alert>
      ) : queue === undefined ? (
        <HelpQueueLoadingText />
      ) : requests.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">No visitor is asking for help right now.</p>
      ) : (
        <ol aria-label="Visitors asking for help, oldest first" className="flex flex-col gap-2">
          {requests.map((request) => (
            <li
              key={request.visitor.short_id}
              data-help-request={request.visitor.short_id}
              className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800 dark:bg-zinc-900"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <span className="flex flex-wrap items-baseline gap-x-2">
                  <Link
                    href={`/visitors/${encodeURIComponent(request.visitor.short_id)}`}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
                  >
                    {visitorDisplayName(request.visitor)}
                  </Link>
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">
                    asked <RelativeTime value={request.requestedAt} />
                  </span>
                </span>
                <VisitorPage visitor={request.visitor} />
              </div>
              <HelpRequestActions request={request} me={queue.me} />
            </li>
          ))}
        </ol>
      )}
    </HelpQueueFrame>
  );
}
