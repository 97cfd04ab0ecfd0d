import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { Session } from "@/lib/contract";
import { featureLabel, recordingUrl, sessionAgentNames } from "@/lib/console/agents/session-format";
import { formatUtc } from "@/lib/console/usage/format";
import { sessionStatus } from "@/lib/console/visitors/session-status";

const LINK = "font-medium text-brand-600 hover:underline dark:text-brand-100";

function facts(session: Session): Array<[string, React.ReactNode]> {
  const recording = recordingUrl(session);
  return [
    ["Status", session.ended_at ? sessionStatus(session) : <Badge tone="info">Ongoing</Badge>],
    ["Started", formatUtc(session.started_at)],
    ["Ended", session.ended_at ? formatUtc(session.ended_at) : "—"],
    ["Length", session.formatted_length],
    ["Call", session.call_length_seconds > 0 ? session.formatted_call_length : "No call"],
    [
      "Visitor",
      <Link key="visitor" href={`/visitors/${encodeURIComponent(session.visitor_id)}`} className={LINK}>
        {session.call_name ?? session.visitor_id}
      </Link>,
    ],
    ["Agents", sessionAgentNames(session) || "—"],
    ["Features used", session.features_used.length ? session.features_used.map(featureLabel).join(", ") : "—"],
    [
      "Recording",
      recording ? (
        <a key="recording" href={recording} target="_blank" rel="noreferrer" className={LINK}>
          Watch the recording
        </a>
      ) : (
        "—"
      ),
    ],
  ];
}

/** What a session was: its state, times, lengths, people and what was used. */
export function SessionFacts({ session }: { session: Session }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-xl border border-zinc-200 bg-white p-5 text-sm shadow-sm sm:grid-cols-2 lg:grid-cols-3 dark:border-zinc-800 dark:bg-zinc-900">
      {facts(session).map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</dt>
          <dd className="mt-0.5 wrap-anywhere" data-testid={`session-${label.toLowerCase().replace(/ /g, "-")}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
