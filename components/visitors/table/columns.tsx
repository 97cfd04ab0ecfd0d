import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { Visitor } from "@/lib/contract";
import { RelativeTime } from "../relative-time";
import { VisitorBadges, visitorDevice, visitorDisplayName, visitorLocation } from "../visitor-badges";

export interface VisitorColumn {
  id: string;
  header: string;
  cell: (visitor: Visitor) => React.ReactNode;
  className?: string;
}

const muted = "text-zinc-500 dark:text-zinc-400";

export const VISITOR_COLUMNS: VisitorColumn[] = [
  {
    id: "id",
    header: "Id",
    cell: (visitor) => (
      <Link
        href={`/visitors/${encodeURIComponent(visitor.short_id)}`}
        className="font-mono font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        {visitor.short_id}
      </Link>
    ),
  },
  { id: "name", header: "Name", cell: (visitor) => visitorDisplayName(visitor) },
  { id: "email", header: "Email", cell: (visitor) => visitor.email || <span className={muted}>—</span> },
  {
    id: "identities",
    header: "Identities",
    cell: (visitor) => (visitor.identities?.length ? visitor.identities.join(", ") : <span className={muted}>—</span>),
  },
  {
    id: "tags",
    header: "Tags",
    cell: (visitor) =>
      visitor.tags?.length ? (
        <span className="flex flex-wrap gap-1">
          {visitor.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </span>
      ) : (
        <span className={muted}>—</span>
      ),
  },
  { id: "location", header: "Location", cell: visitorLocation },
  { id: "device", header: "Device and browser", cell: visitorDevice },
  { id: "last_seen", header: "Last seen", cell: (visitor) => <RelativeTime value={visitor.last_seen_at} />, className: "whitespace-nowrap" },
  { id: "state", header: "State", cell: (visitor) => <VisitorBadges visitor={visitor} /> },
];
