import { createLoader, createParser, createSerializer, parseAsStringLiteral, type LoaderInput } from "nuqs/server";
import { dateRangeParsers, presentValues } from "@/lib/console/url-state";

/**
 * The audit filters as they live in the URL (one set of parsers for the page, its links and the CSV
 * export). Dates are UTC days, inclusive: `from=2026-11-01&to=2026-11-23`.
 */
const text = createParser<string>({
  parse: (value) => {
    const trimmed = value.trim();
    return trimmed !== "" && trimmed.length <= 200 ? trimmed : null;
  },
  serialize: (value) => value,
});
const pageNumber = createParser<number>({
  parse: (value) => (/^\d{1,6}$/.test(value) && Number(value) >= 1 && Number(value) <= 100_000 ? Number(value) : null),
  serialize: String,
});

export const auditFilterParsers = {
  action: text,
  actor: text,
  outcome: parseAsStringLiteral(["success", "failure"] as const),
  ...dateRangeParsers,
  page: pageNumber,
};

export interface AuditFilters {
  action?: string;
  actor?: string;
  outcome?: "success" | "failure";
  from?: string;
  to?: string;
  page?: number;
}

export const AUDIT_PAGE_SIZE = 50;

const loadAuditFilters = createLoader(auditFilterParsers);
const auditFiltersSearch = createSerializer(auditFilterParsers);

export function parseAuditFilters(input: LoaderInput): AuditFilters {
  return presentValues(loadAuditFilters(input));
}

/** The query string of some filters (page left out unless given), e.g. for the CSV link: "?action=…" or "". */
export function auditFiltersQuery(filters: AuditFilters): string {
  return auditFiltersSearch(filters);
}
