import { Badge } from "@/components/ui/badge";
import type { VisitorPresence } from "@/lib/console/reads/visitors";
import { OnlineBadge } from "./visitor-badges";

/** Whether the visitor's page is connected, said next to Co-browse: what pressing it will do. */
export function PresenceLine({ presence }: { presence: VisitorPresence }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
      <OnlineBadge online={presence.online} testId="visitor-presence" />
      {presence.inSession ? <Badge tone="info">In session</Badge> : null}
      <span>{presence.online ? "Their page is open: Co-browse connects at once." : "Their page is not open: Co-browse waits until they come back."}</span>
    </p>
  );
}
