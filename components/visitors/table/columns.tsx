import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { Visitor } from "@/lib/contract";
import { QuickCoBrowse } from "../quick-co-browse";
import { RelativeTime } from "../relative-time";
import { SearchMatch } from "../search-match";
import { VisitorBadges, visitorDevice, visitorDisplayName, visitorLocation } from "../visitor-badges";

export interface VisitorColumn {
  id: string;
  header: string;
  cell: (visitor: Visitor) => React.ReactNode;
  className?: string;
}

const muted = "text-zinc-500 dark:text-zinc-400";

/** Who the visitor is: name, id (the link to the visitor), email and tags, and in search results why it matched. */
export function VisitorIdentity({ visitor }: { visitor: Visitor }) {
  return (
    <span className="flex min-w-0 flex-col gap-0.5">
      <Link
        href={`/visitors/${encodeURIComponent(visitor.short_id)}`}
        className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
        data-testid="visitor-link"
      >
        {visitorDisplayName(visitor)}
      </Link>
      <span className={`font-mono text-xs ${muted}`}>{visitor.short_id}</span>
      {visitor.email ? <span className={`truncate text-xs ${muted}`}>{visitor.email}</span> : null}
      {visitor.tags?.length ? (
        <span className="mt-0.5 flex flex-wrap gap-1">
          {visitor.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </span>
      ) : null}
      <SearchMatch match={visitor.search_match} />
    </span>
  );
}

/** The page the visitor is on (or last was): its title, and its address below. */
export function VisitorPage({ visitor }: { visitor: Visitor }) {
  if (!visitor.last_url) return <span className={muted}>—</span>;
  return (
    <span className="flex min-w-0 flex-col gap-0.5" data-testid="visitor-page">
      <span className="line-clamp-2 break-words">{visitor.last_title || <span className={muted}>Untitled page</span>}</span>
      <span className={`truncate text-xs ${muted}`} title={visitor.last_url}>
        {visitor.last_url}
      </span>
    </span>
  );
}

/** Co-browse in one click for a visitor who is online and not already in a session. */
export function VisitorQuickAction({ visitor }: { visitor: Visitor }) {
  if (!visitor.is_online || visitor.is_in_session) return null;
  return <QuickCoBrowse visitorId={visitor.short_id} label={visitorDisplayName(visitor)} />;
}

/** State first: who is online now and on which page is what an agent scans for. */
export const VISITOR_COLUMNS: VisitorColumn[] = [
  { id: "state", header: "State", cell: (visitor) => <VisitorBadges visitor={visitor} />, className: "w-28" },
  { id: "visitor", header: "Visitor", cell: (visitor) => <VisitorIdentity visitor={visitor} />, className: "max-w-56" },
  { id: "page", header: "Page", cell: (visitor) => <VisitorPage visitor={visitor} />, className: "max-w-xs" },
  { id: "last_seen", header: "Last seen", cell: (visitor) => <RelativeTime value={visitor.last_seen_at} />, className: "whitespace-nowrap" },
  { id: "location", header: "Location", cell: visitorLocation },
  { id: "device", header: "Device and browser", cell: visitorDevice },
  { id: "action", header: "Action", cell: (visitor) => <VisitorQuickAction visitor={visitor} /> },
];
