"use client";

import { Button } from "@/components/ui/button";
import { featureLabel } from "@/lib/console/agents/session-format";
import { hasSessionFilters, type SessionFilters } from "@/lib/console/agents/session-filters";

const control = "rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm dark:border-zinc-700 dark:bg-zinc-900 dark:[color-scheme:dark]";
const label = "text-sm font-medium text-zinc-700 dark:text-zinc-300";

/** Date range (UTC days), feature used and went-live filters of the sessions table. */
export function SessionFiltersBar({ filters, features, onChange }: { filters: SessionFilters; features: string[]; onChange: (next: SessionFilters) => void }) {
  const set = (patch: Partial<SessionFilters>) => {
    const next = { ...filters, ...patch };
    for (const key of Object.keys(patch) as Array<keyof SessionFilters>) if (!next[key]) delete next[key];
    onChange(next);
  };
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Filter sessions</legend>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="sessions-from" className={label}>
          From (UTC)
        </label>
        <input
          id="sessions-from"
          type="date"
          className={control}
          value={filters.from ?? ""}
          max={filters.to}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="sessions-to" className={label}>
          To (UTC)
        </label>
        <input
          id="sessions-to"
          type="date"
          className={control}
          value={filters.to ?? ""}
          min={filters.from}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="sessions-feature" className={label}>
          Feature used
        </label>
        <select id="sessions-feature" className={control} value={filters.feature ?? ""} onChange={(e) => set({ feature: e.target.value || undefined })}>
          <option value="">Any feature</option>
          {features.map((feature) => (
            <option key={feature} value={feature}>
              {featureLabel(feature)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="sessions-live" className={label}>
          Went live
        </label>
        <select
          id="sessions-live"
          className={control}
          value={filters.live ?? ""}
          onChange={(e) => set({ live: (e.target.value || undefined) as SessionFilters["live"] })}
        >
          <option value="">Either</option>
          <option value="yes">Went live</option>
          <option value="no">Did not go live</option>
        </select>
      </div>
      {hasSessionFilters(filters) ? (
        <Button variant="ghost" onClick={() => onChange({})}>
          Clear filters
        </Button>
      ) : null}
    </fieldset>
  );
}
