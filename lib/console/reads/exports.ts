import { z } from "zod";
import { parseAgentRef } from "../agents/agent-ref";
import { USAGE_RANGES, type UsageRange } from "../usage/snapshots";
import { consoleRead } from "./spec";
import { READ_ROUTES } from "./routes";

/**
 * The CSV downloads. Their queries take what the pages' URL parsers keep (audit-log/filters.ts,
 * agents/session-filters.ts, usage/search-params.ts), and the pages build their links from those parsed
 * values, so a download holds exactly the rows on screen; anything else is refused, naming the field.
 */
const utcDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a day, YYYY-MM-DD" })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { error: "must be a day of the calendar" });
const dateRange = { from: utcDay.optional(), to: utcDay.optional() };
const filterText = z.string().trim().min(1).max(200).optional();

export const agentUsageCsvRead = consoleRead({
  ...READ_ROUTES.agentUsageCsv,
  summary: "The Usage page's per-agent table: sessions and session time per console user, last 30 days",
  answer: "csv",
});

export const usageSeriesCsvRead = consoleRead({
  ...READ_ROUTES.usageSeriesCsv,
  summary: "The recorded usage snapshots of a range, oldest first",
  query: z.object({ range: z.enum(Object.keys(USAGE_RANGES) as [UsageRange, ...UsageRange[]]).default("24h") }),
  answer: "csv",
});

export const agentSessionsCsvRead = consoleRead({
  ...READ_ROUTES.agentSessionsCsv,
  summary: "An agent's sessions with the filters of the agent page, newest first",
  params: z.object({
    ref: z.string().transform((segment, context) => {
      const ref = parseAgentRef(segment);
      if (!ref) context.addIssue({ code: "custom", message: "name the agent as email:<address> or external:<id>" });
      return ref ?? z.NEVER;
    }),
  }),
  query: z.object({
    ...dateRange,
    feature: z
      .string()
      .regex(/^[\w-]{1,40}$/)
      .optional(),
    live: z.enum(["yes", "no"]).optional(),
  }),
  answer: "csv",
});

export const auditCsvRead = consoleRead({
  ...READ_ROUTES.auditCsv,
  summary: "The audit log with the Audit page's filters, newest first",
  query: z.object({ action: filterText, actor: filterText, outcome: z.enum(["success", "failure"]).optional(), ...dateRange }),
  answer: "csv",
});
