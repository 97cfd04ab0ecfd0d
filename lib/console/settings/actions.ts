"use server";

import { isApiError } from "@/lib/client";
import { ActionError, defineAction } from "@/lib/console/action";
import { describeApiError } from "@/lib/console/api-errors";
import type { Role } from "@/lib/console/auth/roles";
import { CONSOLE_SETTING_KEYS, getConsoleSettings, setConsoleSetting } from "./console-settings";
import { changeUserRole as updateRole, setUserDisabled, UserChangeError } from "./console-users";
import {
  apiKeyIdForm,
  changeRoleForm,
  createApiKeyForm,
  createUserForm,
  linkSettingsForm,
  noInput,
  PERMISSION_FIELDS,
  teamSettingsForm,
  userIdForm,
} from "./forms";
import { serviceAdmin } from "./service-admin";
import { changedTeamFields } from "./team-changes";
import { createUser as insertUser, findUserByEmail } from "@/lib/console/users/users";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";

// Every action here is admin-only and audited through defineAction; no password, key secret or webhook
// secret ever goes into an audit detail.

/** Every change renders the settings page again, so each section shows what is stored now. */
const revalidate = "/settings";

/** API failures become messages for the form instead of crash pages. */
async function viaApi<T>(call: () => Promise<T>, messages: Parameters<typeof describeApiError>[1] = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error)) throw new ActionError(describeApiError(error, messages));
    throw error;
  }
}

function embeddedAdmin() {
  const admin = serviceAdmin();
  if (!admin) throw new ActionError("Only the embedded service has team settings, keys and a webhook secret here.");
  return admin;
}

const userChange = async <T>(change: () => Promise<T>): Promise<T> => {
  try {
    return await change();
  } catch (error) {
    if (error instanceof UserChangeError) throw new ActionError(error.message);
    throw error;
  }
};

const changeActor = (caller: { id: string }) => ({ id: caller.id, breakGlassEmail: env().ADMIN_EMAIL ?? null });

/** What a settings form changed: field → new value (never a secret). */
type Changes = { changed: Record<string, unknown> };

// ── Console users ────────────────────────────────────────────────────────────

export const createUser = defineAction({
  role: "admin",
  revalidate,
  input: createUserForm,
  audit: { action: "user_created", target: (input) => input.email, detail: (input) => ({ name: input.name, role: input.role }) },
  run: async (input) => {
    const db = await getDb();
    if (await findUserByEmail(db, input.email)) throw new ActionError(`A user with the email ${input.email} already exists.`);
    const user = await insertUser(db, input);
    return { id: user.id, email: user.email };
  },
});

export const changeUserRole = defineAction<typeof changeRoleForm, { email: string; from: Role; to: Role }>({
  role: "admin",
  revalidate,
  input: changeRoleForm,
  audit: {
    action: "user_role_changed",
    target: (input) => input.userId,
    detail: (input, result) => ({ email: result?.email, from: result?.from, to: input.role }),
  },
  run: async (input, caller) => {
    const changed = await userChange(async () => updateRole(await getDb(), changeActor(caller), input.userId, input.role));
    return { email: changed.email, from: changed.before.role, to: input.role };
  },
});

function disabledAction(disabled: boolean) {
  return defineAction<typeof userIdForm, { email: string }>({
    role: "admin",
    revalidate,
    input: userIdForm,
    audit: { action: disabled ? "user_disabled" : "user_enabled", target: (input) => input.userId, detail: (_input, result) => ({ email: result?.email }) },
    run: async (input, caller) => {
      const changed = await userChange(async () => setUserDisabled(await getDb(), changeActor(caller), input.userId, disabled));
      return { email: changed.email };
    },
  });
}
export const disableUser = disabledAction(true);
export const enableUser = disabledAction(false);

// ── Co-browse link settings (the console's own) ──────────────────────────────

export const saveLinkSettings = defineAction<typeof linkSettingsForm, Changes>({
  role: "admin",
  revalidate,
  input: linkSettingsForm,
  audit: {
    action: "setting_changed",
    target: () => "console",
    detail: (_input, result) => ({ fields: Object.keys(result?.changed ?? {}), values: result?.changed ?? {} }),
  },
  run: async (input, caller) => {
    const db = await getDb();
    const current = await getConsoleSettings(db);
    const permissions = Object.fromEntries(PERMISSION_FIELDS.map((field) => [field, input[field]]));
    const changed: Record<string, unknown> = {};
    if ((current.webhookUrl ?? "") !== input.webhook_url) {
      await setConsoleSetting(db, CONSOLE_SETTING_KEYS.webhookUrl, input.webhook_url, caller.id);
      changed.webhook_url = input.webhook_url || null;
    }
    if (JSON.stringify(current.defaultPermissions) !== JSON.stringify(permissions)) {
      await setConsoleSetting(db, CONSOLE_SETTING_KEYS.defaultPermissions, permissions, caller.id);
      changed.default_permissions = permissions;
    }
    return { changed };
  },
});

// ── Webhook signing secret (embedded service) ────────────────────────────────

export const revealWebhookSecret = defineAction({
  role: "admin",
  input: noInput,
  // Who looked at the secret is worth knowing; the secret itself never goes in the log.
  audit: { action: "webhook_secret_revealed", target: () => "webhook_secret", detail: () => ({}) },
  run: () => viaApi(() => embeddedAdmin().getWebhookSecret()),
});

export const rotateWebhookSecret = defineAction({
  role: "admin",
  revalidate,
  input: noInput,
  audit: { action: "webhook_secret_rotated", target: () => "webhook_secret", detail: () => ({}) },
  run: async () => {
    await viaApi(() => embeddedAdmin().rotateWebhookSecret());
    return null;
  },
});

// ── Team settings and API keys (embedded service) ────────────────────────────

export const updateTeamSettings = defineAction<typeof teamSettingsForm, Changes>({
  role: "admin",
  revalidate,
  input: teamSettingsForm,
  audit: {
    action: "setting_changed",
    target: () => "team",
    detail: (_input, result) => ({ fields: Object.keys(result?.changed ?? {}), values: result?.changed ?? {} }),
  },
  run: async (input) => {
    const admin = embeddedAdmin();
    const current = await viaApi(() => admin.getTeam());
    const changed = changedTeamFields(current, input);
    if (Object.keys(changed).length > 0) await viaApi(() => admin.updateTeam(changed));
    return { changed: changed as Record<string, unknown> };
  },
});

export const createApiKey = defineAction<typeof createApiKeyForm, { id: string; name: string; prefix: string; secret: string }>({
  role: "admin",
  revalidate,
  input: createApiKeyForm,
  audit: {
    action: "api_key_created",
    target: (input) => input.name,
    detail: (input, result) => ({ name: input.name, scope: input.scope, prefix: result?.prefix }),
  },
  run: async (input) => {
    const key = await viaApi(() => embeddedAdmin().createKey(input.name, input.scope));
    return { id: key.id, name: key.name, prefix: key.prefix, secret: key.secret };
  },
});

export const revokeApiKey = defineAction({
  role: "admin",
  revalidate,
  input: apiKeyIdForm,
  audit: { action: "api_key_revoked", target: (input) => input.keyId },
  run: async (input) => {
    await viaApi(() => embeddedAdmin().revokeKey(input.keyId), {
      conflict: "This is the key the console itself uses to reach the service; it cannot be revoked from here.",
      not_found: "This key no longer exists.",
    });
    return null;
  },
});
