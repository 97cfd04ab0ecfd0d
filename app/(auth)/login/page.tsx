import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { SetupForm } from "@/components/auth/setup-form";
import { SignInForm } from "@/components/auth/sign-in-form";
import { SsoSignInButton } from "@/components/auth/sso-sign-in-button";
import { Alert } from "@/components/ui/alert";
import { Logo } from "@/components/ui/logo";
import { getCaller } from "@/lib/console/auth/caller";
import { safeCallbackPath } from "@/lib/console/auth/callback-path";
import { SSO_PROVIDER_ID, ssoConfig } from "@/lib/console/sso/config";
import { signInErrorMessage } from "@/lib/console/sso/sign-in-errors";
import { countUsers } from "@/lib/console/users/users";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection();
  const searchParams = await props.searchParams;
  const callbackPath = safeCallbackPath(searchParams.callbackUrl);
  if (await getCaller()) redirect(callbackPath);
  const { PASSWORD_SIGN_IN: passwordSignIn, ADMIN_EMAIL: breakGlassAdmin } = env();
  const sso = ssoConfig(env());
  const firstRun = passwordSignIn && (await countUsers(await getDb())) === 0;
  const error = signInErrorMessage(typeof searchParams.error === "string" ? searchParams.error : undefined, sso?.displayName ?? "single sign-on");
  const notice =
    searchParams.notice === "password_changed" || searchParams.notice === "password_reset" ? "Your password was changed. Sign in with the new one." : null;
  const ssoButton = sso ? <SsoSignInButton providerId={SSO_PROVIDER_ID} providerName={sso.displayName} callbackPath={callbackPath} /> : null;

  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm">
        <Logo className="mb-8 flex items-center justify-center text-xl" />
        <div className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          {firstRun ? (
            <>
              {error ? <Alert data-testid="sign-in-error">{error}</Alert> : null}
              <SetupForm />
              {ssoButton ? <Divider /> : null}
              {ssoButton}
            </>
          ) : (
            <>
              <h1 className="text-lg font-semibold">Sign in to Tandem</h1>
              {error ? <Alert data-testid="sign-in-error">{error}</Alert> : null}
              {notice && !error ? (
                <Alert tone="info" data-testid="sign-in-notice">
                  {notice}
                </Alert>
              ) : null}
              {ssoButton}
              {passwordSignIn ? (
                <>
                  {ssoButton ? <Divider /> : null}
                  <SignInForm callbackPath={callbackPath} autoFocus={!ssoButton} />
                </>
              ) : breakGlassAdmin ? (
                // Password sign-in is off: only the configured admin may use it, for when the provider is down.
                <details className="text-sm">
                  <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Admin sign-in with password</summary>
                  <div className="mt-3">
                    <SignInForm callbackPath={callbackPath} autoFocus={false} />
                  </div>
                </details>
              ) : null}
            </>
          )}
        </div>
      </div>
    </main>
  );
}

function Divider() {
  return (
    <div className="flex items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400" aria-hidden="true">
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      or
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
