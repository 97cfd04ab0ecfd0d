"use client";

import type { Column } from "@tanstack/react-table";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { Session } from "@/lib/contract";

/** "Columns": which of the table's columns are shown, a checkbox each (the first always is). */
export function ColumnsMenu({ columns }: { columns: Column<Session>[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, [open]);

  return (
    <div ref={box} className="relative">
      <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        Columns
      </Button>
      {open ? (
        <fieldset
          id={panelId}
          className="absolute right-0 z-20 mt-1 flex w-56 flex-col gap-1.5 rounded-lg border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          <legend className="sr-only">Columns shown</legend>
          {columns
            .filter((column) => column.getCanHide())
            .map((column) => (
              <label key={column.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} className="h-4 w-4 accent-brand-600" />
                {String(column.columnDef.header)}
              </label>
            ))}
        </fieldset>
      ) : null}
    </div>
  );
}
