import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";
import { actionLabel } from "@/lib/console/audit-log/labels";
import type { AuditFilters } from "@/lib/console/audit-log/filters";

const input =
  "rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900";
const label = "text-sm font-medium text-zinc-700 dark:text-zinc-300";

/**
 * The filters, as a plain GET form: they live in the URL, so a filtered view can be shared and reloaded,
 * and it works before any script has loaded. Submitting goes back to the first page.
 */
export function AuditFiltersForm({ filters, actions }: { filters: AuditFilters; actions: string[] }) {
  return (
    <form method="get" action="/audit" role="search" aria-label="Filter audit events" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="audit-action" className={label}>
          Action
        </label>
        <select id="audit-action" name="action" defaultValue={filters.action ?? ""} className={input}>
          <option value="">All actions</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {actionLabel(action)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="audit-actor" className={label}>
          Actor email
        </label>
        <input id="audit-actor" name="actor" type="search" defaultValue={filters.actor ?? ""} placeholder="e.g. ann@example.com" className={input} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="audit-outcome" className={label}>
          Outcome
        </label>
        <select id="audit-outcome" name="outcome" defaultValue={filters.outcome ?? ""} className={input}>
          <option value="">Any</option>
          <option value="success">Success</option>
          <option value="failure">Failure</option>
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="audit-from" className={label}>
          From (UTC)
        </label>
        <input id="audit-from" name="from" type="date" defaultValue={filters.from ?? ""} className={input} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="audit-to" className={label}>
          To (UTC)
        </label>
        <input id="audit-to" name="to" type="date" defaultValue={filters.to ?? ""} className={input} />
      </div>
      <Button type="submit">Apply filters</Button>
      <Link href="/audit" className={buttonClass("ghost")}>
        Clear
      </Link>
    </form>
  );
}
