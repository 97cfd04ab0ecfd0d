import { csvHeader, csvRecords, type CsvColumn } from "@/lib/console/csv";
import { actorName } from "./actor";
import { formatDetail } from "./detail";
import { actionLabel } from "./labels";
import type { AuditEvent } from "./query";

/**
 * The columns of the audit export. The console's one CSV builder quotes, writes CRLF and defuses a
 * cell a spreadsheet would run as a formula (e.g. an email typed at sign-in as "-2+3+cmd@…").
 */
export const AUDIT_CSV_COLUMNS: ReadonlyArray<CsvColumn<AuditEvent>> = [
  { header: "time_utc", value: (event) => event.at.toISOString() },
  { header: "actor_email", value: (event) => event.actorEmail },
  // Who, in words, also for what has no email: an API key by its name, an agent, a visitor.
  { header: "actor", value: (event) => actorName(event) },
  { header: "action", value: (event) => event.action },
  { header: "action_label", value: (event) => actionLabel(event.action, event.outcome) },
  { header: "outcome", value: (event) => event.outcome },
  { header: "target", value: (event) => event.target },
  { header: "ip", value: (event) => event.ip },
  { header: "detail", value: (event) => formatDetail(event.detail) },
];

export const auditCsvHeader = () => csvHeader(AUDIT_CSV_COLUMNS);
export const auditCsvLines = (events: readonly AuditEvent[]) => csvRecords(AUDIT_CSV_COLUMNS, events);
