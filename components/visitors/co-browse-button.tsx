"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CO_BROWSE_PERMISSIONS, PERMISSION_LABELS, type CoBrowsePermissions } from "@/lib/console/permissions";
import { useCoBrowse } from "./use-co-browse";

/** Starts co-browsing: the server creates the watch link and sends the browser to it. */
export function CoBrowseButton({ visitorId, defaults }: { visitorId: string; defaults: CoBrowsePermissions }) {
  const [permissions, setPermissions] = useState(defaults);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const { start: startWith, pending, error } = useCoBrowse(visitorId);
  const optionsId = useId();
  const start = () => startWith(permissions);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button onClick={start} disabled={pending} aria-busy={pending}>
          Co-browse
        </Button>
        <Button variant="secondary" aria-expanded={optionsOpen} aria-controls={optionsId} onClick={() => setOptionsOpen((open) => !open)}>
          Co-browse options
        </Button>
      </div>
      {pending ? (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Opening the session…
        </p>
      ) : null}
      {optionsOpen ? (
        <fieldset id={optionsId} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
          <legend className="px-1 text-sm font-medium">The agent may</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {CO_BROWSE_PERMISSIONS.map((key) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={permissions[key]}
                  onChange={(event) => setPermissions({ ...permissions, [key]: event.target.checked })}
                  className="h-4 w-4 accent-brand-600"
                />
                {PERMISSION_LABELS[key]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}
