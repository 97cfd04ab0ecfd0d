import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { Session } from "@/lib/contract";
import { featureLabel, formatFeedback, formatMetadata, recordingUrl, sessionAgentNames } from "@/lib/console/agents/session-format";
import { formatUtc } from "@/lib/console/usage/format";

function YesNo({ value }: { value: boolean }) {
  return <Badge tone={value ? "success" : "neutral"}>{value ? "Yes" : "No"}</Badge>;
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : null);

/** The columns of an agent's sessions: every Session field worth reading. Sortable where an order means something. */
export const sessionColumns: ColumnDef<Session>[] = [
  {
    id: "started",
    header: "Started",
    accessorFn: (s) => time(s.started_at),
    cell: ({ row }) => <span className="whitespace-nowrap">{formatUtc(row.original.started_at)}</span>,
  },
  {
    id: "ended",
    header: "Ended",
    accessorFn: (s) => time(s.ended_at),
    sortUndefined: "last",
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{row.original.ended_at ? formatUtc(row.original.ended_at) : <Badge tone="info">Ongoing</Badge>}</span>
    ),
  },
  {
    id: "length",
    header: "Length",
    accessorFn: (s) => s.length_seconds,
    cell: ({ row }) => <span className="tabular-nums">{row.original.formatted_length}</span>,
  },
  {
    id: "call",
    header: "Time connected",
    accessorFn: (s) => s.call_length_seconds,
    cell: ({ row }) => <span className="tabular-nums">{row.original.call_length_seconds > 0 ? row.original.formatted_call_length : "—"}</span>,
  },
  {
    id: "visitor",
    header: "Visitor",
    accessorFn: (s) => s.call_name ?? s.visitor_id,
    cell: ({ row }) => (
      <Link href={`/visitors/${encodeURIComponent(row.original.visitor_id)}`} className="font-medium text-brand-600 hover:underline dark:text-brand-100">
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
        <span className="flex flex-wrap gap-1">
          {row.original.features_used.map((feature) => (
            <Badge key={feature}>{featureLabel(feature)}</Badge>
          ))}
        </span>
      ) : (
        "—"
      ),
  },
  { id: "live", header: "Visitor connected", accessorFn: (s) => (s.went_live ? 1 : 0), cell: ({ row }) => <YesNo value={row.original.went_live} /> },
  { id: "authorized", header: "Visitor accepted", enableSorting: false, cell: ({ row }) => <YesNo value={row.original.session_authorized} /> },
  { id: "onPremise", header: "On-premise server", enableSorting: false, cell: ({ row }) => <YesNo value={row.original.on_premise} /> },
  { id: "source", header: "Source", accessorFn: (s) => s.source, cell: ({ row }) => row.original.source || "—" },
  {
    id: "metadata",
    header: "Link details",
    enableSorting: false,
    cell: ({ row }) => <span className="text-xs break-all text-zinc-600 dark:text-zinc-400">{formatMetadata(row.original.metadata) || "—"}</span>,
  },
  {
    id: "notes",
    header: "Notes",
    enableSorting: false,
    cell: ({ row }) => <span className="block max-w-xs text-xs whitespace-pre-line break-words">{row.original.agent_notes || "—"}</span>,
  },
  {
    id: "feedback",
    header: "Feedback",
    enableSorting: false,
    cell: ({ row }) => <span className="text-xs">{formatFeedback(row.original.quality_feedback) || "—"}</span>,
  },
  {
    id: "recording",
    header: "Recording",
    enableSorting: false,
    cell: ({ row }) => {
      const href = recordingUrl(row.original);
      return href ? (
        <a href={href} target="_blank" rel="noreferrer" className="font-medium text-brand-600 hover:underline dark:text-brand-100">
          Watch<span className="sr-only"> the recording of the session started {formatUtc(row.original.started_at)}</span>
        </a>
      ) : (
        "—"
      );
    },
  },
];
