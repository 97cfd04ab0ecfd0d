"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/console/action";

type FormAction<T> = (form: FormData) => Promise<ActionResult<T>>;

/** A settings form bound to a server action: its last result, the submit function, and whether it runs. */
export function useFormAction<T>(action: FormAction<T>) {
  return useActionState<ActionResult<T> | null, FormData>((_previous, form) => action(form), null);
}

export function fieldError(result: ActionResult<unknown> | null, field: string): string | undefined {
  return result && !result.ok ? result.fieldErrors?.[field] : undefined;
}

/** The error of a list field edited one entry per line: of the list, or of its first wrong entry, counting entries as saved (blank lines dropped). */
export function listFieldError(result: ActionResult<unknown> | null, field: string): string | undefined {
  if (!result || result.ok) return undefined;
  const errors = Object.entries(result.fieldErrors ?? {});
  const own = errors.find(([key]) => key === field);
  if (own) return own[1];
  const entry = errors.find(([key]) => key.startsWith(`${field}.`));
  return entry ? `Entry ${Number(entry[0].slice(field.length + 1)) + 1}: ${entry[1]}` : undefined;
}
