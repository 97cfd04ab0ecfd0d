import { z } from "zod";
import { apiKeyScopeSchema, permissionsSchema, teamSettingsUpdateSchema } from "@/lib/contract";
import { ROLES } from "../auth/roles";
import { parseLines } from "./team-changes";
import { webhookUrlSchema } from "./console-settings";

/** A checkbox in a submitted form: present ("on") when checked, absent when not. */
const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

export const PERMISSION_FIELDS = Object.keys(permissionsSchema.shape) as Array<keyof typeof permissionsSchema.shape>;

export const createUserForm = z.object({
  name: z.string().trim().min(1, "Enter a name.").max(100),
  email: z.email({ error: "Enter a valid email address." }).transform((email) => email.toLowerCase()),
  role: z.enum(ROLES, { error: "Choose a role." }),
  password: z.string().min(12, "Use at least 12 characters.").max(200),
});

export const userIdForm = z.object({ userId: z.string().min(1).max(100) });
export const changeRoleForm = userIdForm.extend({ role: z.enum(ROLES, { error: "Choose a role." }) });

const permissionCheckboxes = Object.fromEntries(PERMISSION_FIELDS.map((field) => [field, checkbox])) as Record<
  (typeof PERMISSION_FIELDS)[number],
  typeof checkbox
>;

export const linkSettingsForm = z.object({ webhook_url: z.string().trim().pipe(webhookUrlSchema), ...permissionCheckboxes });

const teamSettingsFields = z.object({
  name: z.string(),
  domain: z.string(),
  masking_selectors: z.string().max(20_000).transform(parseLines),
  url_redacted_params: z.string().max(20_000).transform(parseLines),
  embed_origins: z.string().max(5_000).transform(parseLines),
  frame_origins: z.string().max(5_000).transform(parseLines),
  max_concurrent_sessions: z.coerce.number({ error: "Enter a whole number." }),
  history_enabled: checkbox,
  require_authorization: checkbox,
  proxy_enabled: checkbox,
  onprem_licensed: checkbox,
  recording_enabled: checkbox,
  canvas_capture_enabled: checkbox,
  visitor_feedback_enabled: checkbox,
  agent_hears_visitor: checkbox,
  recording_link_ttl_hours: z.coerce.number({ error: "Enter a whole number of hours." }),
});

// Every field the form shows is required; the settings it leaves out are left as they are.
const shownFields = Object.fromEntries(Object.keys(teamSettingsFields.shape).map((field) => [field, true])) as {
  [field in keyof typeof teamSettingsFields.shape]: true;
};
export const teamSettingsForm = teamSettingsFields.pipe(teamSettingsUpdateSchema.required(shownFields));

export const createApiKeyForm = z.object({
  name: z.string().trim().min(1, "Name the key (e.g. where it is used).").max(100),
  // Absent means the narrower scope: a key reaches the admin API only when asked for.
  scope: z.enum(apiKeyScopeSchema.options, { error: "Choose API only or Admin." }).default("api"),
});
export const apiKeyIdForm = z.object({ keyId: z.string().min(1).max(64) });
export const noInput = z.object({});
