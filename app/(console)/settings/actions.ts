"use server";

import { revalidatePath } from "next/cache";
import { isApiError } from "@/lib/client";
import { ActionError, defineAction, type ActionResult } from "@/lib/console/action";
import { describeApiError } from "@/lib/console/api-errors";
import type { Role } from "@/lib/console/roles";
import { CONSOLE_SETTING_KEYS, getConsoleSettings, setConsoleSetting } from "@/lib/console/settings/console-settings";
import { changeUserRole as updateRole, setUserDisabled, UserChangeError } from "@/lib/console/settings/console-users";
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
} from "@/lib/console/settings/forms";
import { serviceAdmin } from "@/lib/console/settings/service-admin";
import { changedTeamFields } from "@/lib/console/settings/team-changes";
import { createUser as insertUser, findUserByEmail } from "@/lib/console/users";
import { getDb } from "@/lib/db";

// Every action here is admin-only and audited through defineAction; no password, key secret or webhook
// secret ever goes into an audit detail.

/** Refreshes the settings page after a change, so every section shows what is stored now. */
async function refreshed<T>(result: Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  const settled = await result;
  if (settled.ok) revalidatePath("/settings");
  return settled;
}

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

/** What a settings form changed: field → new value (never a secret). */
type Changes = { changed: Record<string, unknown> };

// ── Console users ────────────────────────────────────────────────────────────

const createUserAction = defineAction({
  role: "admin",
  input: createUserForm,
  audit: { action: "user_created", target: (input) => input.email, detail: (input) => ({ name: input.name, role: input.role }) },
  run: async (input) => {
    const db = await getDb();
    if (await findUserByEmail(db, input.email)) throw new ActionError(`A user with the email ${input.email} already exists.`);
    const user = await insertUser(db, input);
    return { id: user.id, email: user.email };
  },
});
export async function createUser(form: FormData) {
  return refreshed(createUserAction(form));
}

const changeRoleAction = defineAction<typeof changeRoleForm, { email: string; from: Role; to: Role }>({
  role: "admin",
  input: changeRoleForm,
  audit: {
    action: "user_role_changed",
    target: (input) => input.userId,
    detail: (input, result) => ({ email: result?.email, from: result?.from, to: input.role }),
  },
  run: async (input, caller) => {
    const changed = await userChange(async () => updateRole(await getDb(), caller.id, input.userId, input.role));
    return { email: changed.email, from: changed.before.role, to: input.role };
  },
});
export async function changeUserRole(form: FormData) {
  return refreshed(changeRoleAction(form));
}

function disabledAction(disabled: boolean) {
  return defineAction<typeof userIdForm, { email: string }>({
    role: "admin",
    input: userIdForm,
    audit: { action: disabled ? "user_disabled" : "user_enabled", target: (input) => input.userId, detail: (_input, result) => ({ email: result?.email }) },
    run: async (input, caller) => {
      const changed = await userChange(async () => setUserDisabled(await getDb(), caller.id, input.userId, disabled));
      return { email: changed.email };
    },
  });
}
const disableUserAction = disabledAction(true);
const enableUserAction = disabledAction(false);
export async function disableUser(form: FormData) {
  return refreshed(disableUserAction(form));
}
export async function enableUser(form: FormData) {
  return refreshed(enableUserAction(form));
}

// ── Co-browse link settings (the console's own) ──────────────────────────────

const saveLinkSettingsAction = defineAction<typeof linkSettingsForm, Changes>({
  role: "admin",
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
export async function saveLinkSettings(form: FormData) {
  return refreshed(saveLinkSettingsAction(form));
}

// ── Webhook signing secret (embedded service) ────────────────────────────────

const revealWebhookSecretAction = defineAction({
  role: "admin",
  input: noInput,
  // Who looked at the secret is worth knowing; the secret itself never goes in the log.
  audit: { action: "webhook_secret_revealed", target: () => "webhook_secret", detail: () => ({}) },
  run: () => viaApi(() => embeddedAdmin().getWebhookSecret()),
});
export async function revealWebhookSecret() {
  return revealWebhookSecretAction({});
}

const rotateWebhookSecretAction = defineAction({
  role: "admin",
  input: noInput,
  audit: { action: "webhook_secret_rotated", target: () => "webhook_secret", detail: () => ({}) },
  run: async () => {
    await viaApi(() => embeddedAdmin().rotateWebhookSecret());
    return null;
  },
});
export async function rotateWebhookSecret() {
  return refreshed(rotateWebhookSecretAction({}));
}

// ── Team settings and API keys (embedded service) ────────────────────────────

const updateTeamAction = defineAction<typeof teamSettingsForm, Changes>({
  role: "admin",
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
export async function updateTeamSettings(form: FormData) {
  return refreshed(updateTeamAction(form));
}

const createApiKeyAction = defineAction<typeof createApiKeyForm, { id: string; name: string; prefix: string; secret: string }>({
  role: "admin",
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
export async function createApiKey(form: FormData) {
  return refreshed(createApiKeyAction(form));
}

const revokeApiKeyAction = defineAction({
  role: "admin",
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
export async function revokeApiKey(form: FormData) {
  return refreshed(revokeApiKeyAction(form));
}
