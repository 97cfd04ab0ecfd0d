import { inArray } from "drizzle-orm";
import { z } from "zod";
import { httpUrlSchema, permissionsSchema, type Permissions } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { consoleSettings } from "../schema";

/**
 * The console's own settings, kept in `console_settings` (one row per key). Co-browse links read them:
 * `webhook_url` is sent with every link, `default_permissions` pre-fills the link's permissions.
 */
export const CONSOLE_SETTING_KEYS = { webhookUrl: "webhook_url", defaultPermissions: "default_permissions" } as const;

const WEBHOOK_URL_ERROR = "Enter an http:// or https:// URL, or leave it empty.";

/**
 * Empty means "send no webhook_url". One refinement rather than a union: a union reports the URL
 * branch's own message ("must be an http(s) URL"), not this one the admin can act on.
 */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_URL_ERROR })
  .max(2000, { error: "Use at most 2000 characters." })
  .refine((url) => url === "" || httpUrlSchema.safeParse(url).success, { error: WEBHOOK_URL_ERROR });

export interface ConsoleSettings {
  webhookUrl: string | null;
  defaultPermissions: Permissions;
}

export async function getConsoleSettings(db: Db): Promise<ConsoleSettings> {
  const rows = await db
    .select({ key: consoleSettings.key, value: consoleSettings.value })
    .from(consoleSettings)
    .where(inArray(consoleSettings.key, Object.values(CONSOLE_SETTING_KEYS)));
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const url = webhookUrlSchema.safeParse(byKey.get(CONSOLE_SETTING_KEYS.webhookUrl));
  // A stored value that no longer parses falls back to the contract's defaults rather than breaking links.
  const permissions = permissionsSchema.safeParse(byKey.get(CONSOLE_SETTING_KEYS.defaultPermissions) ?? {});
  return {
    webhookUrl: url.success && url.data !== "" ? url.data : null,
    defaultPermissions: permissions.success ? permissions.data : permissionsSchema.parse({}),
  };
}

export async function setConsoleSetting(db: Db, key: string, value: unknown, updatedBy: string): Promise<void> {
  await db
    .insert(consoleSettings)
    .values({ key, value, updatedBy, updatedAt: new Date() })
    .onConflictDoUpdate({ target: consoleSettings.key, set: { value, updatedBy, updatedAt: new Date() } });
}
