import { Badge } from "@/components/ui/badge";
import type { VisitorStatus } from "@/lib/contract";

const LABELS: Record<VisitorStatus, { text: string; tone: "neutral" | "success" | "info" | "warning" | "danger" }> = {
  waiting: { text: "Waiting for the visitor's page", tone: "info" },
  awaiting_authorization: { text: "Waiting for the visitor to accept", tone: "warning" },
  live: { text: "Live", tone: "success" },
  disconnected: { text: "Visitor disconnected", tone: "warning" },
  ended: { text: "Ended", tone: "neutral" },
};

/** The visitor's status, announced to screen readers when it changes. */
export function StatusBadge({ status }: { status: VisitorStatus }) {
  const label = LABELS[status];
  return (
    <span role="status" aria-live="polite">
      <span className="sr-only">Visitor status: </span>
      <Badge tone={label.tone} data-testid="visitor-status" data-status={status}>
        {label.text}
      </Badge>
    </span>
  );
}
