"use server";

import { headers } from "next/headers";
import type { ActionResult } from "@/lib/console/action";
import { clientIp } from "@/lib/console/auth/request-ip";
import { getDb } from "@/lib/db";
import { countedInFlight } from "@/lib/lifecycle/draining";
import { resetPasswordForm } from "./forms";
import { PasswordChangeError, useResetToken } from "./passwords";

/**
 * The reset page's action. Public (the person has no session): the one-time token is the credential, and
 * it is checked and spent in one statement. Audited inside; nobody is signed in afterwards.
 */
export async function resetPassword(form: FormData): Promise<ActionResult<null>> {
  return countedInFlight(async () => {
    const parsed = resetPasswordForm.safeParse(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")));
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
      return { ok: false, error: fieldErrors.token ?? "Some fields need attention.", fieldErrors };
    }
    try {
      await useResetToken(await getDb(), { token: parsed.data.token, password: parsed.data.password, ip: clientIp(await headers()) });
      return { ok: true, data: null };
    } catch (error) {
      if (error instanceof PasswordChangeError) return { ok: false, error: error.message };
      throw error;
    }
  });
}
