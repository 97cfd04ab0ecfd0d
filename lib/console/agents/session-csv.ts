import type { Session } from "@/lib/contract";
import { toCsv, type CsvColumn } from "@/lib/console/csv";
import { formatFeedback, formatMetadata, sessionAgentNames } from "./session-format";

/** The columns of an agent's sessions CSV: every Session field worth reading, machine-readable values. */
export const SESSION_CSV_COLUMNS: ReadonlyArray<CsvColumn<Session>> = [
  { header: "session_id", value: (s) => s.id },
  { header: "started_at", value: (s) => s.started_at },
  { header: "ended_at", value: (s) => s.ended_at },
  { header: "length_seconds", value: (s) => s.length_seconds },
  { header: "length", value: (s) => s.formatted_length },
  { header: "call_length_seconds", value: (s) => s.call_length_seconds },
  { header: "visitor_id", value: (s) => s.visitor_id },
  { header: "call_name", value: (s) => s.call_name },
  { header: "agents", value: sessionAgentNames },
  { header: "features_used", value: (s) => s.features_used.join(" ") },
  { header: "went_live", value: (s) => s.went_live },
  { header: "session_authorized", value: (s) => s.session_authorized },
  { header: "on_premise", value: (s) => s.on_premise },
  { header: "source", value: (s) => s.source },
  { header: "metadata", value: (s) => formatMetadata(s.metadata) },
  { header: "video_url", value: (s) => s.video_url },
  { header: "agent_notes", value: (s) => s.agent_notes ?? null },
  { header: "quality_feedback", value: (s) => formatFeedback(s.quality_feedback) },
];

export function sessionsCsv(sessions: readonly Session[]): string {
  return toCsv(SESSION_CSV_COLUMNS, sessions);
}
