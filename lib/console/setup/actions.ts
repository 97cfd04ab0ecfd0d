"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { clientIp } from "@/lib/console/auth/request-ip";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { setUpFirstAdmin } from "./first-admin";

export interface SetupState {
  ok: boolean;
  email?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: { name?: string; email?: string };
}

const setupSchema = z
  .object({
    name: z.string().trim().min(1, "Enter your name.").max(100),
    email: z.email({ error: "Enter a valid email address." }).transform((email) => email.toLowerCase()),
    password: z.string().min(12, "Use at least 12 characters.").max(200),
    confirm: z.string(),
  })
  .refine((form) => form.password === form.confirm, { path: ["confirm"], message: "The passwords do not match." });

/**
 * One of the console actions a stranger may call: it only succeeds while the database has no user at
 * all, which the insert itself checks, so it cannot add an admin to a Tandem that already has users.
 */
export async function createFirstAdmin(_previous: SetupState, form: FormData): Promise<SetupState> {
  // With password sign-in off, the first user comes from single sign-on (or ADMIN_EMAIL), never from this form.
  if (!env().PASSWORD_SIGN_IN) return { ok: false, error: "Password sign-in is turned off. Sign in with single sign-on." };
  const raw = Object.fromEntries(["name", "email", "password", "confirm"].map((key) => [key, String(form.get(key) ?? "")]));
  const values = { name: raw.name, email: raw.email };
  const parsed = setupSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { ok: false, fieldErrors, values };
  }
  const result = await setUpFirstAdmin(await getDb(), parsed.data, clientIp(await headers()));
  if ("error" in result) return { ok: false, error: result.error, values };
  return { ok: true, email: result.admin.email };
}
