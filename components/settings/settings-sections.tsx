import "server-only";
import { WidgetError } from "@/components/usage/widget-error";
import { Skeleton, LoadingRegion } from "@/components/ui/skeleton";
import { isApiError, type ServiceAdminClient } from "@/lib/client";
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

/**
 * A section read from the embedded service's admin API: unavailable from the hosted and on-premise APIs,
 * and the error with a retry when the call fails.
 */
async function adminSection<T>(
  { what, failure }: { what: string; failure: string },
  read: (admin: ServiceAdminClient) => Promise<T>,
  show: (value: T) => React.ReactNode,
) {
  const admin = serviceAdmin();
  if (!admin) return <Unavailable mode={apiConnection().mode} what={what} />;
  let value: T;
  try {
    value = await read(admin);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return <WidgetError title={failure} error={error} />;
  }
  return show(value);
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
  return adminSection(
    { what: "Team settings", failure: "The team settings could not be loaded" },
    (admin) => admin.getTeam(),
    (team) => (
      <div className={`${panel} space-y-6`}>
        <VisitorScriptSnippet origin={apiConnection().watchOrigin} publicKey={team.public_key} />
        <TeamSettingsForm team={team} />
      </div>
    ),
  );
}

export async function KeysSection() {
  return adminSection(
    { what: "Secret API keys", failure: "The API keys could not be loaded" },
    (admin) => admin.listKeys(),
    (keys) => (
      <div className={panel}>
        <ApiKeys keys={keys} />
      </div>
    ),
  );
}

/** The page's sections in order: each loads on its own, its skeleton (`loading`, `rows` bars) meanwhile. */
export const SETTINGS_SECTIONS: Array<{
  id: string;
  title: string;
  description: string;
  loading: string;
  rows: number;
  Content: (props: { caller: Caller }) => Promise<React.ReactNode>;
}> = [
  {
    id: "connection-heading",
    title: "Connection",
    description: "The co-browsing API this console speaks to.",
    loading: "Checking the connection",
    rows: 3,
    Content: ConnectionSection,
  },
  {
    id: "users-heading",
    title: "Console users",
    description: "Who may sign in, and with which role.",
    loading: "Loading users",
    rows: 4,
    Content: UsersSection,
  },
  {
    id: "sign-in-heading",
    title: "Sign-in",
    description: "How the console is signed into, and what to register at your identity provider.",
    loading: "Loading sign-in methods",
    rows: 4,
    Content: SignInSection,
  },
  {
    id: "links-heading",
    title: "Co-browse links",
    description: "What every co-browse link the console creates carries.",
    loading: "Loading link settings",
    rows: 4,
    Content: LinksSection,
  },
  {
    id: "team-heading",
    title: "Team",
    description: "The embedded service’s settings for your website.",
    loading: "Loading team settings",
    rows: 5,
    Content: TeamSection,
  },
  {
    id: "keys-heading",
    title: "Secret API keys",
    description: "Keys that call the API as your team. A new key’s secret is shown once.",
    loading: "Loading API keys",
    rows: 3,
    Content: KeysSection,
  },
];
