"use server";

import { headers } from "next/headers";
import { ActionError, defineAction } from "@/lib/console/action";
import { clientIp } from "@/lib/console/auth/request-ip";
import { passwordSignInAllowed } from "@/lib/console/sso/config";
import { userIdForm } from "@/lib/console/settings/forms";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { changePasswordForm } from "./forms";
import { changeOwnPassword, createResetToken, PasswordChangeError, RESET_LINK_CREATED } from "./passwords";
import { resetEmailConfigured, sendResetEmail } from "./reset-email";

const asActionError = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PasswordChangeError) throw new ActionError(error.message);
    throw error;
  }
};

/** Any signed-in user, for themself. Audited inside (with the reason of a failure, which the throttle counts). */
export const changePassword = defineAction({
  role: "agent",
  input: changePasswordForm,
  run: async (input, caller) => {
    const ip = clientIp(await headers());
    await asActionError(async () =>
      changeOwnPassword(await getDb(), { userId: caller.id, email: caller.email, current: input.current, next: input.password, ip }),
    );
    return null;
  },
});

/** The link's origin: the configured public URL, else the one this request came to. */
async function origin(): Promise<string> {
  if (env().NEXTAUTH_URL) return env().NEXTAUTH_URL as string;
  const all = await headers();
  return `${all.get("x-forwarded-proto") ?? "http"}://${all.get("host")}`;
}

/**
 * An admin's one-time reset link for a user: shown once to the admin, and emailed when SMTP_URL is set.
 * Not offered while password sign-in is off: a password would not let the user in.
 */
export type CreatedResetLink = { email: string; link: string; expiresAt: string; emailed: boolean; emailError?: string };

export const createPasswordReset = defineAction<typeof userIdForm, CreatedResetLink>({
  role: "admin",
  input: userIdForm,
  audit: {
    action: RESET_LINK_CREATED,
    target: (input) => input.userId,
    detail: (_input, result) => ({ email: result?.email, emailed: result?.emailed }),
  },
  run: async (input, caller) => {
    const passwordAllowed = (email: string) => passwordSignInAllowed(env(), email);
    const created = await asActionError(async () =>
      createResetToken(await getDb(), { userId: input.userId, createdBy: caller.id, passwordAllowed, breakGlassEmail: env().ADMIN_EMAIL ?? null }),
    );
    const link = `${await origin()}/reset-password/${created.token}`;
    let emailed = false;
    let emailError: string | undefined;
    if (resetEmailConfigured()) {
      try {
        await sendResetEmail(created, link, created.expiresAt);
        emailed = true;
      } catch (error) {
        console.error("[tandem] password reset email failed:", error instanceof Error ? error.message : error);
        emailError = "The email could not be sent; hand the link on yourself.";
      }
    }
    return { email: created.email, link, expiresAt: created.expiresAt.toISOString(), emailed, emailError };
  },
});
