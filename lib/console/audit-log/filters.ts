import { z } from "zod";

/**
 * The audit filters as they live in the URL (one parser for the page, the client controls and the CSV
 * export). Dates are UTC days, inclusive: `from=2026-11-01&to=2026-11-23`.
 */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));
const text = z.string().trim().max(200);

export const auditFiltersSchema = z.object({
  action: text.optional().catch(undefined),
  actor: text.optional().catch(undefined),
  outcome: z.enum(["success", "failure"]).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const AUDIT_PAGE_SIZE = 50;

type Params = Record<string, string | string[] | undefined> | URLSearchParams;

export function parseAuditFilters(params: Params): AuditFilters {
  const read = (name: string) => {
    const value = params instanceof URLSearchParams ? params.get(name) : params[name];
    const one = Array.isArray(value) ? value[0] : value;
    return one === "" || one == null ? undefined : one;
  };
  const parsed = auditFiltersSchema.parse(Object.fromEntries(["action", "actor", "outcome", "from", "to", "page"].map((key) => [key, read(key)])));
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined && value !== "")) as AuditFilters;
}

/** The query string of some filters (page left out unless given), e.g. for the CSV link. */
export function auditFiltersQuery(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "") params.set(key, String(value));
  const query = params.toString();
  return query ? `?${query}` : "";
}
