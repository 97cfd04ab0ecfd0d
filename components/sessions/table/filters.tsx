"use client";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { featureLabel } from "@/lib/console/agents/session-format";
import { hasSessionFilters, type SessionFilters } from "@/lib/console/agents/session-filters";

/** Date range (UTC days), feature used and went-live filters of the sessions table. */
export function SessionFiltersBar({
  filters,
  features,
  onChange,
  children,
}: {
  filters: SessionFilters;
  features: string[];
  onChange: (next: SessionFilters) => void;
  /** Filters of the page's own, first. */
  children?: React.ReactNode;
}) {
  const set = (patch: Partial<SessionFilters>) => {
    const next = { ...filters, ...patch };
    for (const key of Object.keys(patch) as Array<keyof SessionFilters>) if (!next[key]) delete next[key];
    onChange(next);
  };
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Filter sessions</legend>
      {children}
      <Field label="From (UTC)" type="date" value={filters.from ?? ""} max={filters.to} onChange={(e) => set({ from: e.target.value || undefined })} />
      <Field label="To (UTC)" type="date" value={filters.to ?? ""} min={filters.from} onChange={(e) => set({ to: e.target.value || undefined })} />
      <SelectField label="Feature used" value={filters.feature ?? ""} onChange={(e) => set({ feature: e.target.value || undefined })}>
        <option value="">Any feature</option>
        {features.map((feature) => (
          <option key={feature} value={feature}>
            {featureLabel(feature)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Went live" value={filters.live ?? ""} onChange={(e) => set({ live: (e.target.value || undefined) as SessionFilters["live"] })}>
        <option value="">Either</option>
        <option value="yes">Went live</option>
        <option value="no">Did not go live</option>
      </SelectField>
      {hasSessionFilters(filters) ? (
        <Button variant="ghost" onClick={() => onChange({})}>
          Clear filters
        </Button>
      ) : null}
    </fieldset>
  );
}
