import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { actionLabel } from "@/lib/console/audit-log/labels";
import type { AuditFilters } from "@/lib/console/audit-log/filters";

/**
 * The filters, as a plain GET form: they live in the URL, so a filtered view can be shared and reloaded,
 * and it works before any script has loaded. Submitting goes back to the first page.
 */
export function AuditFiltersForm({ filters, actions }: { filters: AuditFilters; actions: string[] }) {
  return (
    <form method="get" action="/audit" role="search" aria-label="Filter audit events" className="mb-4 flex flex-wrap items-end gap-3">
      <SelectField label="Action" name="action" defaultValue={filters.action ?? ""}>
        <option value="">All actions</option>
        {actions.map((action) => (
          <option key={action} value={action}>
            {actionLabel(action)}
          </option>
        ))}
      </SelectField>
      <Field label="Actor email" name="actor" type="search" defaultValue={filters.actor ?? ""} placeholder="e.g. ann@example.com" />
      <SelectField label="Outcome" name="outcome" defaultValue={filters.outcome ?? ""}>
        <option value="">Any</option>
        <option value="success">Success</option>
        <option value="failure">Failure</option>
      </SelectField>
      <Field label="From (UTC)" name="from" type="date" defaultValue={filters.from ?? ""} />
      <Field label="To (UTC)" name="to" type="date" defaultValue={filters.to ?? ""} />
      <Button type="submit">Apply filters</Button>
      <Link href="/audit" className={buttonClass("ghost")}>
        Clear
      </Link>
    </form>
  );
}
