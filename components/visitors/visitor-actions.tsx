"use client";

import { useRouter } from "next/navigation";
import { deleteVisitor, stopSession } from "@/lib/console/visitors/actions";
import type { CoBrowsePermissions } from "@/lib/console/permissions";
import type { VisitorPresence as Presence } from "@/lib/console/reads/visitors";
import { CoBrowseButton } from "./co-browse-button";
import { ConfirmButton } from "./confirm-button";
import { VisitorPresence } from "./visitor-presence";

/** What an agent can do with this visitor; the server checks every role again. */
export function VisitorActions({
  visitorId,
  presence,
  canStop,
  canDelete,
  defaults,
}: {
  visitorId: string;
  presence: Presence;
  canStop: boolean;
  canDelete: boolean;
  defaults: CoBrowsePermissions;
}) {
  const router = useRouter();
  return (
    <div className="flex flex-col gap-3">
      <VisitorPresence visitorId={visitorId} initial={presence} />
      <CoBrowseButton visitorId={visitorId} defaults={defaults} />
      <div className="flex flex-wrap gap-2">
        {canStop && presence.inSession ? (
          <ConfirmButton
            label="Stop session"
            title="Stop the session?"
            description="The agents watching this visitor are disconnected at once."
            confirmLabel="Stop session"
            action={() => stopSession({ visitorId })}
            onDone={() => router.refresh()}
          />
        ) : null}
        {canDelete ? (
          <ConfirmButton
            label="Delete visitor"
            variant="danger"
            title="Delete this visitor?"
            description={`Visitor ${visitorId} is deleted with their history. This can't be undone. Online visitors can't be deleted.`}
            confirmLabel="Delete visitor"
            action={() => deleteVisitor({ visitorId })}
          />
        ) : null}
      </div>
    </div>
  );
}
