import { toCsv, type CsvColumn } from "@/lib/console/csv";
import type { AgentUsageRow } from "./agent-usage";
import type { UsageSnapshot } from "./snapshots";
import { formatDuration } from "./format";

export const AGENT_USAGE_CSV_COLUMNS: ReadonlyArray<CsvColumn<AgentUsageRow>> = [
  { header: "name", value: (row) => row.name },
  { header: "email", value: (row) => row.email },
  { header: "role", value: (row) => row.role ?? "" },
  { header: "sessions_30_days", value: (row) => row.sessions },
  { header: "session_seconds_30_days", value: (row) => row.seconds },
  { header: "session_time_30_days", value: (row) => formatDuration(row.seconds) },
  { header: "visitor_rating_30_days", value: (row) => (row.rating ? Number(row.rating.average.toFixed(2)) : null) },
  { header: "visitor_ratings_30_days", value: (row) => row.rating?.count ?? 0 },
  { header: "own_rating_30_days", value: (row) => (row.ownRating ? Number(row.ownRating.average.toFixed(2)) : null) },
  { header: "own_ratings_30_days", value: (row) => row.ownRating?.count ?? 0 },
];

export const SNAPSHOT_CSV_COLUMNS: ReadonlyArray<CsvColumn<UsageSnapshot>> = [
  { header: "at", value: (s) => s.at.toISOString() },
  { header: "visitors_online_now", value: (s) => s.usage.visitors.online_now },
  { header: "visitors_last_24_hrs", value: (s) => s.usage.visitors.last_24_hrs },
  { header: "sessions_now", value: (s) => s.usage.session_counts.now },
  { header: "sessions_today", value: (s) => s.usage.session_counts.today },
  { header: "sessions_last_30_days", value: (s) => s.usage.session_counts.last_30_days },
  { header: "session_seconds_today", value: (s) => s.usage.session_seconds.today },
  { header: "session_seconds_last_30_days", value: (s) => s.usage.session_seconds.last_30_days },
  { header: "agents_today", value: (s) => s.usage.agents.today },
  { header: "agents_last_30_days", value: (s) => s.usage.agents.last_30_days },
];

export const agentUsageCsv = (rows: readonly AgentUsageRow[]) => toCsv(AGENT_USAGE_CSV_COLUMNS, rows);
export const snapshotsCsv = (snapshots: readonly UsageSnapshot[]) => toCsv(SNAPSHOT_CSV_COLUMNS, snapshots);
