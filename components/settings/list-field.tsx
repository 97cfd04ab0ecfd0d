"use client";

import { useId } from "react";
import type { ActionResult } from "@/lib/console/action";

/** The first error of a list field or of one of its entries ("name.3"), naming the line. */
function listError(result: ActionResult<unknown> | null, name: string): string | undefined {
  if (!result || result.ok || !result.fieldErrors) return undefined;
  for (const [field, message] of Object.entries(result.fieldErrors)) {
    if (field === name) return message;
    const entry = field.match(new RegExp(`^${name}\\.(\\d+)$`));
    if (entry) return `Line ${Number(entry[1]) + 1}: ${message}`;
  }
  return undefined;
}

/** A list setting edited as text, one entry per line (blank lines are dropped when saved). */
export function ListField({
  label,
  hint,
  name,
  values,
  result,
}: {
  label: string;
  hint?: string;
  name: string;
  values: string[];
  result: ActionResult<unknown> | null;
}) {
  const id = useId();
  const error = listError(result, name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        name={name}
        rows={4}
        defaultValue={values.join("\n")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="rounded-md border border-zinc-300 bg-white px-3 py-2 font-mono text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
