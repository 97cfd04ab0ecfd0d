import "server-only";
import { WidgetError } from "@/components/usage/widget-error";
import { Skeleton, LoadingRegion } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/client";
import { resetEmailConfigured } from "@/lib/console/account/reset-email";
import { apiConnection } from "@/lib/console/api";
import type { Caller } from "@/lib/console/auth/caller";
import { getConsoleSettings } from "@/lib/console/settings/console-settings";
import { listConsoleUsers } from "@/lib/console/settings/console-users";
import { checkConnection } from "@/lib/console/settings/connection";
import { serviceAdmin } from "@/lib/console/settings/service-admin";
import { signInMethods } from "@/lib/console/settings/sign-in-methods";
import { passwordSignInAllowed } from "@/lib/console/sso/config";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiKeys } from "./api-keys";
import { ConnectionStatus } from "./connection-status";
import { CreateUserForm } from "./create-user-form";
import { LinkSettingsForm } from "./link-settings-form";
import { SignInMethods } from "./sign-in-methods";
import { TeamSettingsForm } from "./team-settings-form";
import { Unavailable } from "./unavailable";
import { UsersTable } from "./users-table";
import { VisitorScriptSnippet } from "./visitor-script-snippet";
import { LazyWebhookSecret } from "./lazy-webhook-secret";

export function SectionSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <LoadingRegion label={label} className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-5 dark:border-zinc-800">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-6 w-full" />
      ))}
    </LoadingRegion>
  );
}

const panel = "rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900";

/** An API call for a widget: its answer, or the error the widget shows with a retry. */
async function attempt<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ok: false, error };
  }
}

export async function ConnectionSection() {
  const check = await checkConnection();
  return (
    <div className={panel}>
      <ConnectionStatus initial={check} />
    </div>
  );
}

export async function UsersSection({ caller }: { caller: Caller }) {
  const users = await listConsoleUsers(await getDb());
  return (
    <div className={`${panel} flex flex-col gap-4`}>
      <UsersTable
        users={users.map((user) => ({
          id: user.id,
          name: user.name,
          email: user.email,
          role: user.role,
          disabled: user.disabledAt !== null,
          canResetPassword: passwordSignInAllowed(env(), user.email),
          breakGlass: user.email === env().ADMIN_EMAIL?.toLowerCase(),
        }))}
        currentUserId={caller.id}
        emailConfigured={resetEmailConfigured()}
      />
      <CreateUserForm />
    </div>
  );
}

export async function SignInSection() {
  return (
    <div className={panel}>
      <SignInMethods methods={await signInMethods()} />
    </div>
  );
}

export async function LinksSection() {
  const settings = await getConsoleSettings(await getDb());
  const connection = apiConnection();
  return (
    <div className={`${panel} flex flex-col gap-6`}>
      <LinkSettingsForm webhookUrl={settings.webhookUrl} permissions={settings.defaultPermissions} />
      <section aria-labelledby="webhook-secret-heading" className="flex flex-col gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <h3 id="webhook-secret-heading" className="font-medium">
          Webhook signing secret
        </h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Receivers verify each webhook’s signature with it (Standard Webhooks).</p>
        {connection.embedded ? <LazyWebhookSecret /> : <Unavailable mode={connection.mode} what="The webhook signing secret" />}
      </section>
    </div>
  );
}

export async function TeamSection() {
  const admin = serviceAdmin();
  if (!admin) return <Unavailable mode={apiConnection().mode} what="Team settings" />;
  const team = await attempt(() => admin.getTeam());
  if (!team.ok) return <WidgetError title="The team settings could not be loaded" error={team.error} />;
  return (
    <div className={`${panel} space-y-6`}>
      <VisitorScriptSnippet origin={apiConnection().watchOrigin} publicKey={team.value.public_key} />
      <TeamSettingsForm team={team.value} />
    </div>
  );
}

export async function KeysSection() {
  const admin = serviceAdmin();
  if (!admin) return <Unavailable mode={apiConnection().mode} what="Secret API keys" />;
  const keys = await attempt(() => admin.listKeys());
  if (!keys.ok) return <WidgetError title="The API keys could not be loaded" error={keys.error} />;
  return (
    <div className={panel}>
      <ApiKeys keys={keys.value} />
    </div>
  );
}
