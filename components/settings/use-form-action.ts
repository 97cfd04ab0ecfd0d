"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/console/action";

type FormAction<T> = (form: FormData) => Promise<ActionResult<T>>;

/** What was typed in a refused form, by field name (text only); nothing once a submission succeeded. */
export type Typed = Record<string, string>;

/**
 * A form bound to a server action: its last result, the submit function, whether it runs, and what the
 * refused submission held. React resets a form's fields to their default values once its action ran:
 * fields that take `typed` as their default keep what was typed when the server refused it, and empty
 * after a success.
 */
export function useFormAction<T>(action: FormAction<T>) {
  const [state, submit, pending] = useActionState<{ result: ActionResult<T>; typed: Typed } | null, FormData>(async (_previous, form) => {
    const result = await action(form);
    const typed = result.ok ? {} : Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    return { result, typed };
  }, null);
  return [state?.result ?? null, submit, pending, state?.typed ?? {}] as const;
}

/** A field's default: what was typed into a refused form, else the stored value. */
export function typedOr(typed: Typed, field: string, stored: string): string {
  return typed[field] ?? stored;
}

/** A checkbox's default: as it was in a refused form (absent means unchecked), else the stored value. */
export function typedChecked(typed: Typed, field: string, stored: boolean): boolean {
  return Object.keys(typed).length > 0 ? typed[field] === "on" : stored;
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
