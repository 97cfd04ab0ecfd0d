import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { Session } from "@/lib/contract";
import { featureLabel, formatMetadata, recordingUrl, sessionAgentNames } from "@/lib/console/agents/session-format";
import { agentRatings, sessionPath, visitorRating } from "@/lib/console/sessions/session-people";
import { formatUtc } from "@/lib/console/usage/format";
import { sessionStatus } from "@/lib/console/visitors/session-status";

function YesNo({ value }: { value: boolean }) {
  return <Badge tone={value ? "success" : "neutral"}>{value ? "Yes" : "No"}</Badge>;
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : null);
const LINK = "font-medium text-brand-600 hover:underline dark:text-brand-100";

/** A rating as a cell reads it: "5/5 “Quick fix”". */
const rated = (entry: { rating: number; comment: string | null }) => `${entry.rating}/5${entry.comment ? ` “${entry.comment}”` : ""}`;

function Feedback({ session }: { session: Session }) {
  const visitor = visitorRating(session);
  const agents = agentRatings(session);
  if (!visitor && agents.length === 0) return "—";
  return (
    <span className="flex flex-col gap-0.5 text-xs">
      {visitor ? <span>Visitor {rated(visitor)}</span> : null}
      {agents.map((entry) => (
        <span key={entry.created_at} className="text-zinc-600 dark:text-zinc-400">
          Agent {rated(entry)}
        </span>
      ))}
    </span>
  );
}

/**
 * The columns of a list of sessions: every Session field worth reading. Sortable where an order means
 * something; the developers' columns (DEVELOPER_COLUMNS) are hidden until chosen under Columns.
 */
export const sessionColumns: ColumnDef<Session>[] = [
  {
    id: "started",
    header: "Started",
    accessorFn: (s) => time(s.started_at),
    enableHiding: false,
    cell: ({ row }) => (
      <Link href={sessionPath(row.original.id)} className={`${LINK} whitespace-nowrap`}>
        {formatUtc(row.original.started_at)}
      </Link>
    ),
  },
  {
    id: "status",
    header: "Status",
    accessorFn: (s) => time(s.ended_at),
    sortUndefined: "last",
    cell: ({ row }) => (row.original.ended_at ? sessionStatus(row.original) : <Badge tone="info">Ongoing</Badge>),
  },
  {
    id: "length",
    header: "Length",
    accessorFn: (s) => s.length_seconds,
    cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.formatted_length}</span>,
  },
  {
    id: "call",
    header: "Call",
    accessorFn: (s) => s.call_length_seconds,
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">{row.original.call_length_seconds > 0 ? row.original.formatted_call_length : "—"}</span>
    ),
  },
  {
    id: "visitor",
    header: "Visitor",
    accessorFn: (s) => s.call_name ?? s.visitor_id,
    cell: ({ row }) => (
      <Link href={`/visitors/${encodeURIComponent(row.original.visitor_id)}`} className={LINK}>
        {row.original.call_name ?? row.original.visitor_id}
      </Link>
    ),
  },
  { id: "agents", header: "Agents", enableSorting: false, cell: ({ row }) => sessionAgentNames(row.original) || "—" },
  {
    id: "features",
    header: "Features used",
    enableSorting: false,
    cell: ({ row }) =>
      row.original.features_used.length ? (
        <span className="flex max-w-40 flex-wrap gap-1">
          {row.original.features_used.map((feature) => (
            <Badge key={feature}>{featureLabel(feature)}</Badge>
          ))}
        </span>
      ) : (
        "—"
      ),
  },
  {
    id: "notes",
    header: "Notes",
    enableSorting: false,
    cell: ({ row }) => <span className="line-clamp-3 block max-w-56 text-xs whitespace-pre-line break-words">{row.original.agent_notes || "—"}</span>,
  },
  { id: "feedback", header: "Feedback", enableSorting: false, cell: ({ row }) => <Feedback session={row.original} /> },
  {
    id: "recording",
    header: "Recording",
    enableSorting: false,
    cell: ({ row }) => {
      const href = recordingUrl(row.original);
      return href ? (
        <a href={href} target="_blank" rel="noreferrer" className={LINK}>
          Watch<span className="sr-only"> the recording of the session started {formatUtc(row.original.started_at)}</span>
        </a>
      ) : (
        "—"
      );
    },
  },
  { id: "live", header: "Visitor connected", accessorFn: (s) => (s.went_live ? 1 : 0), cell: ({ row }) => <YesNo value={row.original.went_live} /> },
  { id: "authorized", header: "Visitor accepted", enableSorting: false, cell: ({ row }) => <YesNo value={row.original.session_authorized} /> },
  {
    id: "ended",
    header: "Ended",
    accessorFn: (s) => time(s.ended_at),
    sortUndefined: "last",
    cell: ({ row }) => <span className="whitespace-nowrap">{formatUtc(row.original.ended_at)}</span>,
  },
  { id: "onPremise", header: "On-premise server", enableSorting: false, cell: ({ row }) => <YesNo value={row.original.on_premise} /> },
  { id: "source", header: "Source", accessorFn: (s) => s.source, cell: ({ row }) => row.original.source || "—" },
  {
    id: "metadata",
    header: "Link details",
    enableSorting: false,
    cell: ({ row }) => (
      <span className="block min-w-48 text-xs break-all text-zinc-600 dark:text-zinc-400">{formatMetadata(row.original.metadata) || "—"}</span>
    ),
  },
  {
    id: "ids",
    header: "Ids",
    enableSorting: false,
    cell: ({ row }) => (
      <span className="block font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">
        {row.original.id}
        <br />
        {row.original.visitor_id}
      </span>
    ),
  },
];

/** Shown only when chosen under Columns: what developers read, and details the other columns sum up. */
export const DEVELOPER_COLUMNS = ["live", "authorized", "ended", "onPremise", "source", "metadata", "ids"];
