import { Badge } from "@/components/ui/badge";
import type { Visitor } from "@/lib/contract";

/** Online or Offline: whether the visitor's page is connected. */
export function OnlineBadge({ online, testId }: { online: boolean; testId: string }) {
  return online ? (
    <Badge tone="success" data-testid={testId}>
      Online
    </Badge>
  ) : (
    <Badge data-testid={testId}>Offline</Badge>
  );
}

/** Online / offline, and in session: the state an agent acts on. */
export function VisitorBadges({ visitor }: { visitor: Pick<Visitor, "is_online" | "is_in_session" | "is_waiting_for_call"> }) {
  return (
    <span className="flex flex-wrap gap-1">
      <OnlineBadge online={visitor.is_online === true} testId="online-state" />
      {visitor.is_in_session ? <Badge tone="info">In session</Badge> : null}
      {visitor.is_online && visitor.is_waiting_for_call && !visitor.is_in_session ? <Badge tone="warning">Asking for help</Badge> : null}
    </span>
  );
}

export { visitorDisplayName } from "@/lib/console/visitors/visitor-name";

export function visitorLocation(visitor: Pick<Visitor, "location_city" | "location_country_name" | "location_country">): string {
  return [visitor.location_city, visitor.location_country_name ?? visitor.location_country].filter(Boolean).join(", ") || "—";
}

export function visitorDevice(visitor: Pick<Visitor, "device_name" | "device_type" | "browser_name">): string {
  const device = visitor.device_name || visitor.device_type;
  return [device, visitor.browser_name].filter(Boolean).join(" · ") || "—";
}
