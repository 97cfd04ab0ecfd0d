import "server-only";
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { getDb } from "@/lib/db";
import { countedInFlight } from "@/lib/lifecycle/draining";
import { recordAuditEvent } from "../audit/record";
import { AuthError } from "./auth/auth-error";
import { requireCaller, type Caller } from "./auth/caller";
import { clientIp } from "./auth/request-ip";
import type { Role } from "./auth/roles";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string; fieldErrors?: Record<string, string> };

export class ActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ActionError";
  }
}

interface ActionConfig<S extends z.ZodType, T> {
  role: Role;
  input: S;
  /** Audited actions name their action and target; what goes in `detail` must never be a secret. */
  audit?: { action: string; target?: (input: z.output<S>) => string | null; detail?: (input: z.output<S>, result?: T) => Record<string, unknown> };
  run: (input: z.output<S>, caller: Caller) => Promise<T>;
  /** The page to render again after a success, so it shows what is stored now. */
  revalidate?: string | ((input: z.output<S>) => string);
}

function formToObject(form: FormData): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") object[key] = value;
  return object;
}

/**
 * The one wrapper of every console server action: authenticate → check the role → validate with zod →
 * run → audit (success and failure). It never throws for expected failures; it returns what the form
 * shows. A `redirect()` belongs to the caller, after this returns.
 */
export function defineAction<S extends z.ZodType, T>(config: ActionConfig<S, T>) {
  // Counted in flight, so a stopping app node finishes the action (and its audit row) before it exits.
  return (raw: z.input<S> | FormData): Promise<ActionResult<T>> =>
    countedInFlight(async () => {
      let caller: Caller;
      try {
        caller = await requireCaller(config.role);
      } catch (error) {
        if (error instanceof AuthError) return { ok: false, error: error.message };
        throw error;
      }
      const parsed = config.input.safeParse(raw instanceof FormData ? formToObject(raw) : raw);
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
        return { ok: false, error: "Some fields need attention.", fieldErrors };
      }
      const input = parsed.data;
      const audit = async (outcome: "success" | "failure", detail: Record<string, unknown>) => {
        if (!config.audit) return;
        await recordAuditEvent(await getDb(), {
          actorId: caller.id,
          actorEmail: caller.email,
          action: config.audit.action,
          outcome,
          target: config.audit.target?.(input) ?? null,
          detail,
          ip: clientIp(await headers()),
        });
      };
      try {
        const data = await config.run(input, caller);
        await audit("success", config.audit?.detail?.(input, data) ?? {});
        if (config.revalidate) revalidatePath(typeof config.revalidate === "string" ? config.revalidate : config.revalidate(input));
        return { ok: true, data };
      } catch (error) {
        if (!(error instanceof ActionError)) throw error;
        await audit("failure", { ...config.audit?.detail?.(input), error: error.message });
        return { ok: false, error: error.message };
      }
    });
}
