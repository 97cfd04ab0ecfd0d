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
